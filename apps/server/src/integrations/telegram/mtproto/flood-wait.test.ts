import { describe, expect, it, vi } from 'vitest';
import { Api, errors } from 'telegram';
import { floodWaitError, persianWait, retryAfterFloodWait, type FloodWaitPolicy } from './flood-wait.ts';
import { fromGramjsError } from './gramjs-errors.ts';
import { MtprotoError } from './mtproto-error.ts';

const policy = (): FloodWaitPolicy & { slept: number[] } => {
  const slept: number[] = [];
  return { maxWaitSeconds: 60, slept, sleep: async (ms) => void slept.push(ms) };
};

describe('retryAfterFloodWait', () => {
  it('sleeps a short FLOOD_WAIT out and tries once more', async () => {
    const p = policy();
    const call = vi.fn().mockRejectedValueOnce(floodWaitError(7)).mockResolvedValueOnce('ok');
    await expect(retryAfterFloodWait(call, p)).resolves.toBe('ok');
    expect(p.slept).toEqual([7_000]);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('retries only once', async () => {
    const p = policy();
    const call = vi.fn().mockRejectedValue(floodWaitError(3));
    await expect(retryAfterFloodWait(call, p)).rejects.toMatchObject({ code: 'flood_wait', waitSeconds: 3 });
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('surfaces a long wait at once, with a Persian message saying how long', async () => {
    const p = policy();
    const call = vi.fn<() => Promise<string>>().mockRejectedValue(floodWaitError(3 * 3600 + 600));
    const error = await retryAfterFloodWait(call, p).then(() => undefined, (e: unknown) => e as MtprotoError);
    expect(error).toMatchObject({ code: 'flood_wait', waitSeconds: 11_400 });
    expect(error?.message).toContain('۳ ساعت و ۱۰ دقیقه');
    expect(p.slept).toEqual([]);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('lets other errors through untouched', async () => {
    const failure = new MtprotoError('code_invalid', 'PHONE_CODE_INVALID');
    await expect(retryAfterFloodWait(() => Promise.reject(failure), policy())).rejects.toBe(failure);
  });

  it('words waits in Persian', () => {
    expect(persianWait(45)).toBe('۴۵ ثانیه');
    expect(persianWait(300)).toBe('۵ دقیقه');
    expect(persianWait(7200)).toBe('۲ ساعت');
  });
});

describe('fromGramjsError', () => {
  const request = new Api.auth.SignIn({ phoneNumber: '+1', phoneCodeHash: 'h', phoneCode: '1' });

  it('reads the wait out of FLOOD_WAIT_X', () => {
    expect(fromGramjsError(new errors.FloodWaitError({ request, capture: 30 }))).toMatchObject({ code: 'flood_wait', waitSeconds: 30 });
  });

  it('names the login failures by their Telegram error strings', () => {
    expect(fromGramjsError(new errors.RPCError('SESSION_PASSWORD_NEEDED', request, 401)).code).toBe('password_needed');
    expect(fromGramjsError(new errors.RPCError('PHONE_CODE_INVALID', request, 400)).code).toBe('code_invalid');
    expect(fromGramjsError(new errors.RPCError('PASSWORD_HASH_INVALID', request, 400)).code).toBe('password_invalid');
    expect(fromGramjsError(new errors.RPCError('AUTH_KEY_UNREGISTERED', request, 401)).code).toBe('unauthorized');
    expect(fromGramjsError(new errors.RPCError('SOMETHING_NEW', request, 400))).toMatchObject({ code: 'rpc', rpcError: 'SOMETHING_NEW' });
  });

  it('treats plain errors as connection trouble, except unknown usernames', () => {
    expect(fromGramjsError(new Error('Cannot send requests while disconnected')).code).toBe('network');
    expect(fromGramjsError(new Error('No user has "nobody_here" as username')).code).toBe('channel_unavailable');
  });
});
