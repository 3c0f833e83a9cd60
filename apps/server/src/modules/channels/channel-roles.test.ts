// One primary and one secondary source (spec 03): a role belongs to one active channel at most.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels } from '@chapar/db';
import { CHANNEL_MESSAGES } from '@chapar/shared/contracts';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ config: { channels: [{ role: 'primary', username: 'akhbar_rooz' }, { role: 'secondary', username: 'taze_khabar' }] } });
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  headers = { cookie, 'x-csrf-token': csrfToken };
});
afterAll(async () => { await t?.close(); });

const call = (method: 'POST' | 'PATCH', url: string, payload: object) => t.app.inject({ method, url, headers, payload });
const rows = () => t.database.db.select().from(channels).orderBy(channels.id);
const idOf = async (username: string) => (await rows()).find((c) => c.username === username)!.id;

describe('a role held by an active channel', () => {
  it.each([
    ['primary', 'akhbar_rooz'],
    ['secondary', 'taze_khabar'],
  ] as const)('refuses a second active %s with 409 and the Persian reason, adding nothing', async (role, holder) => {
    const before = await rows();
    const res = await call('POST', '/api/admin/channels', { username: 'khabar_sevom', role });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'conflict', message: CHANNEL_MESSAGES.roleTaken(role, holder) });
    expect(res.json().message).toContain(`@${holder}`);
    expect(await rows()).toEqual(before);
  });

  it('adds a channel switched off, and switches it on only once the role is free', async () => {
    const added = await call('POST', '/api/admin/channels', { username: 'khabar_sevom', role: 'secondary', isActive: false });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ role: 'secondary', isActive: false });
    const id = added.json().id as number;
    const on = await call('PATCH', `/api/admin/channels/${id}`, { isActive: true });
    expect(on.statusCode).toBe(409);
    expect(on.json().message).toBe(CHANNEL_MESSAGES.roleTaken('secondary', 'taze_khabar'));
    // Taking the primary role by an edit is refused the same way.
    expect((await call('PATCH', `/api/admin/channels/${id}`, { role: 'primary', isActive: true })).statusCode).toBe(409);
    expect((await rows()).find((c) => c.id === id)).toMatchObject({ role: 'secondary', isActive: false });

    expect((await call('PATCH', `/api/admin/channels/${await idOf('taze_khabar')}`, { isActive: false })).statusCode).toBe(200);
    const now = await call('PATCH', `/api/admin/channels/${id}`, { isActive: true });
    expect(now.statusCode).toBe(200);
    expect((await rows()).filter((c) => c.isActive).map((c) => [c.role, c.username]).sort()).toEqual([['primary', 'akhbar_rooz'], ['secondary', 'khabar_sevom']]);
  });

  it('a channel added by TELEGRAM_CHANNELS for a role already held is added switched off', async () => {
    const restarted = await buildApp({
      database: t.database, ssr: false,
      config: testConfig({ channels: [{ role: 'primary', username: 'akhbar_rooz' }, { role: 'secondary', username: 'khabar_chaharom' }] }),
    });
    await restarted.ready();
    expect((await rows()).find((c) => c.username === 'khabar_chaharom')).toMatchObject({ role: 'secondary', isActive: false });
    expect((await rows()).filter((c) => c.isActive && c.role === 'secondary').map((c) => c.username)).toEqual(['khabar_sevom']);
    await restarted.close();
  });
});
