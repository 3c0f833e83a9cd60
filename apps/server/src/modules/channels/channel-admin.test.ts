// Channels live in the database: TELEGRAM_CHANNELS seeds them, admins add, edit and switch
// them on and off, and the monitor and the health page follow at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, telegramPosts } from '@chapar/db';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { startChannelServer, type ChannelServer } from '../../../testing/channel-server.ts';

let t: TestApp;
let server: ChannelServer;
let headers: Record<string, string>;

beforeAll(async () => {
  server = await startChannelServer();
  t = await buildTestApp({ config: { telegramWebBaseUrl: server.baseUrl, channels: [{ role: 'primary', username: 'akhbar_rooz' }] } });
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  headers = { cookie, 'x-csrf-token': csrfToken };
});
afterAll(async () => {
  await t?.close();
  await server?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const list = async () => (await call('GET', '/api/admin/channels')).json().channels as Array<Record<string, unknown>>;
const monitor = async () => (await call('GET', '/api/admin/auto-monitor/status')).json() as { activeChannels: number };
const health = async () => (await call('GET', '/api/admin/system/health')).json() as { services: Array<{ id: string; service: string; status: string }> };
const rows = () => t.database.db.select().from(channels);

describe('adding a channel', () => {
  it('adds it from a t.me address, active, with default rules; the monitor and health follow', async () => {
    expect((await monitor()).activeChannels).toBe(1);
    const res = await call('POST', '/api/admin/channels', { username: ' https://t.me/Khabar_Dovom ', role: 'secondary', title: 'خبر دوم' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      username: 'Khabar_Dovom', role: 'secondary', title: 'خبر دوم', isActive: true, articleCount: 0, postCount: 0, lastPostAt: null,
      cleaningRules: { signatures: ['@Khabar_Dovom', 't.me/Khabar_Dovom'], stripLinks: true },
    });
    expect((await monitor()).activeChannels).toBe(2);
    const services = (await health()).services.filter((s) => s.id.startsWith('channel:'));
    expect(services.map((s) => s.id)).toEqual(['channel:primary', 'channel:secondary']);
    expect(services[1].service).toContain('@Khabar_Dovom');
  });

  it.each([
    [{ username: 'ab', role: 'primary' }, 'نام کانال باید'],
    [{ username: 'bad name!', role: 'primary' }, 'نام کانال باید'],
    [{ username: '', role: 'primary' }, 'نام کاربری کانال را وارد کنید'],
    [{ role: 'primary' }, 'نام کاربری کانال را وارد کنید'],
    [{ username: 'good_name', role: 'tertiary' }, 'نقش کانال'],
    [{ username: 'good_name', role: 'primary', cleaningRules: { joinPatterns: ['(unclosed'] } }, 'عبارت باقاعده معتبر نیست'],
  ])('refuses %j with 400 and a Persian message, adding nothing', async (body, message) => {
    const before = await rows();
    const res = await call('POST', '/api/admin/channels', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await rows()).toEqual(before);
  });

  it('refuses a name already in the list, in any letter case, with 409', async () => {
    const res = await call('POST', '/api/admin/channels', { username: '@AKHBAR_ROOZ', role: 'secondary' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'conflict', message: 'کانال \u2066@AKHBAR_ROOZ\u2069 از قبل در فهرست هست' });
    expect(await rows()).toHaveLength(2);
  });
});

describe('editing a channel', () => {
  it('switches a channel off and on: the monitor, health and checks follow at once', async () => {
    const added = (await list()).find((c) => c.username === 'Khabar_Dovom')!;
    const off = await call('PATCH', `/api/admin/channels/${added.id}`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false });
    expect((await monitor()).activeChannels).toBe(1);
    const secondary = (await health()).services.find((s) => s.id === 'channel:secondary')!;
    expect(secondary).toMatchObject({ status: 'degraded' });
    expect(secondary.service).not.toContain('Khabar_Dovom');
    const on = await call('PATCH', `/api/admin/channels/${added.id}`, { isActive: true });
    expect(on.json()).toMatchObject({ isActive: true });
    expect((await monitor()).activeChannels).toBe(2);
  });

  it('changes role, title and cleaning rules; blank lines are dropped', async () => {
    const added = (await list()).find((c) => c.username === 'Khabar_Dovom')!;
    const primary = (await list()).find((c) => c.username === 'akhbar_rooz')!;
    // The primary role is held by an active channel: switched off first, it is free.
    const taken = await call('PATCH', `/api/admin/channels/${added.id}`, { role: 'primary' });
    expect(taken.statusCode).toBe(409);
    expect((await call('PATCH', `/api/admin/channels/${primary.id}`, { isActive: false })).statusCode).toBe(200);
    const res = await call('PATCH', `/api/admin/channels/${added.id}`, {
      title: 'خبر دوم (ویرایش)', role: 'primary',
      cleaningRules: { signatures: ['@Khabar_Dovom', '  ', 'کانال خبر دوم'], adMarkers: ['#تبلیغ'], joinPatterns: ['به\\s*ما\\s*بپیوندید'], stripLinks: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'خبر دوم (ویرایش)', role: 'primary',
      cleaningRules: { signatures: ['@Khabar_Dovom', 'کانال خبر دوم'], adMarkers: ['#تبلیغ'], joinPatterns: ['به\\s*ما\\s*بپیوندید'], stripLinks: false },
    });
    // One channel per role: the promoted channel is the primary source, and no secondary is left.
    const services = (await health()).services.filter((s) => s.id.startsWith('channel:'));
    expect(services.map((s) => [s.id, s.status === 'degraded'])).toEqual([['channel:primary', false], ['channel:secondary', true]]);
    expect(services[0].service).toContain('@Khabar_Dovom');
  });

  it.each([
    [{ role: 'boss' }, 'نقش کانال'],
    [{ title: 'x'.repeat(201) }, 'حداکثر ۲۰۰'],
    [{ cleaningRules: { joinPatterns: ['[a-'] } }, 'عبارت باقاعده معتبر نیست'],
    [{ isActive: 'yes' }, 'ورودی نامعتبر است'],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const before = await rows();
    const added = before.find((c) => c.username === 'Khabar_Dovom')!;
    const res = await call('PATCH', `/api/admin/channels/${added.id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await rows()).toEqual(before);
  });
});

describe('the list', () => {
  it('counts kept posts and the newest post per channel', async () => {
    await t.database.db.insert(telegramPosts).values([
      { source: 'akhbar_rooz', telegramId: 1, postedAt: new Date('2026-11-20T10:00:00Z') },
      { source: 'akhbar_rooz', telegramId: 2, postedAt: new Date('2026-11-21T08:30:00Z') },
    ]);
    const primary = (await list()).find((c) => c.username === 'akhbar_rooz')!;
    expect(primary).toMatchObject({ postCount: 2, lastPostAt: '2026-11-21T08:30:00.000Z' });
  });
});

describe('TELEGRAM_CHANNELS only seeds the table', () => {
  it('a restart keeps what admins changed and adds a newly configured name', async () => {
    const primary = (await rows()).find((c) => c.username === 'akhbar_rooz')!;
    await call('PATCH', `/api/admin/channels/${primary.id}`, { isActive: false });
    const restarted = await buildApp({
      database: t.database, ssr: false,
      config: testConfig({ channels: [{ role: 'primary', username: 'akhbar_rooz' }, { role: 'secondary', username: 'taze_khabar' }] }),
    });
    await restarted.ready();
    const after = await rows();
    expect(after.find((c) => c.username === 'akhbar_rooz')).toMatchObject({ isActive: false, role: 'primary' });
    expect(after.find((c) => c.username === 'Khabar_Dovom')).toMatchObject({ isActive: true, role: 'primary' });
    expect(after.find((c) => c.username === 'taze_khabar')).toMatchObject({ isActive: true, role: 'secondary' });
    await restarted.close();
  });
});
