// FLOOD_WAIT_X: Telegram refuses calls for X seconds. A short wait is slept through
// and the call tried once more; a long one is surfaced with a Persian message that
// says how long, because sleeping for hours inside a request helps nobody.
import { setTimeout as sleep } from 'node:timers/promises';
import { formatNumberFa } from '@chapar/shared/text';
import type { MtprotoGateway } from './gateway.ts';
import { MtprotoError, isMtprotoError } from './mtproto-error.ts';

export interface FloodWaitPolicy {
  /** Longest wait slept through before the single retry. */
  maxWaitSeconds: number;
  sleep(ms: number): Promise<void>;
}

export const DEFAULT_FLOOD_WAIT: FloodWaitPolicy = { maxWaitSeconds: 60, sleep: (ms) => sleep(ms) };

/** 45 → '۴۵ ثانیه', 300 → '۵ دقیقه', 7500 → '۲ ساعت و ۵ دقیقه'. */
export function persianWait(seconds: number): string {
  if (seconds < 60) return `${formatNumberFa(Math.max(1, Math.ceil(seconds)))} ثانیه`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${formatNumberFa(minutes)} دقیقه`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${formatNumberFa(hours)} ساعت و ${formatNumberFa(rest)} دقیقه` : `${formatNumberFa(hours)} ساعت`;
}

export function floodWaitError(seconds: number, cause?: unknown): MtprotoError {
  const message = `تلگرام به دلیل درخواست‌های پرشمار خواسته است ${persianWait(seconds)} صبر کنیم. پس از آن دوباره تلاش کنید.`;
  return new MtprotoError('flood_wait', message, { waitSeconds: seconds, rpcError: `FLOOD_WAIT_${seconds}`, cause });
}

/** Runs `call`; after a short FLOOD_WAIT sleeps it out and runs it once more. */
export async function retryAfterFloodWait<T>(call: () => Promise<T>, policy: FloodWaitPolicy = DEFAULT_FLOOD_WAIT): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isMtprotoError(error, 'flood_wait') || (error.waitSeconds ?? 0) > policy.maxWaitSeconds) throw error;
    await policy.sleep((error.waitSeconds ?? 0) * 1000);
    return call();
  }
}

/** The same gateway with every Telegram call under the flood-wait policy. */
export function withFloodWait(gateway: MtprotoGateway, policy: FloodWaitPolicy = DEFAULT_FLOOD_WAIT): MtprotoGateway {
  const guard = <T>(call: () => Promise<T>) => retryAfterFloodWait(call, policy);
  return {
    sendCode: (phone) => guard(() => gateway.sendCode(phone)),
    signIn: (phone, code, hash) => guard(() => gateway.signIn(phone, code, hash)),
    checkPassword: (password) => guard(() => gateway.checkPassword(password)),
    getMe: () => guard(() => gateway.getMe()),
    exportSession: () => gateway.exportSession(),
    fetchMessages: (channel, options) => guard(() => gateway.fetchMessages(channel, options)),
    downloadMedia: (message, options) => guard(() => gateway.downloadMedia(message, options)),
    downloadMediaToFile: (message, file, options) => guard(() => gateway.downloadMediaToFile(message, file, options)),
    logOut: () => guard(() => gateway.logOut()),
    disconnect: () => gateway.disconnect(),
  };
}
