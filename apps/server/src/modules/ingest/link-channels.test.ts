// Processing by link, id or range follows the channels table: a channel an admin added on the
// channels tab can be processed at once, and one switched off is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handle } from '@chapar/shared/text';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';

let t: IngestTestApp;

beforeAll(async () => { t = await buildIngestTestApp({ channels: [] }); });
afterAll(async () => { await t?.close(); });

const patch = (id: number, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/admin/channels/${id}`, headers: t.headers, payload });

describe('channels for processing come from the table', () => {
  it('refuses a link and a post id before any channel is added', async () => {
    const link = await t.post('/api/admin/process-from-link', { link: 'https://t.me/akhbar_rooz/102' });
    expect(link.statusCode).toBe(400);
    const post = await t.post('/api/admin/process-post', { postId: 102 });
    expect(post.statusCode).toBe(400);
    expect(post.json().message).toBe('هیچ کانال فعالی پیکربندی نشده است');
  });

  it('processes a post of a channel added by an admin, and refuses it again once the channel is off', async () => {
    const added = await t.post('/api/admin/channels', { username: 'akhbar_rooz', role: 'primary', title: 'اخبار روز' });
    expect(added.statusCode).toBe(201);
    const res = await t.post('/api/admin/process-from-link', { link: 'https://t.me/akhbar_rooz/102' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    const byId = await t.post('/api/admin/process-post', { postId: 103 });
    expect(byId.statusCode).toBe(200);
    const stored = await t.database.raw.query<{ n: number }>("select count(*)::int as n from articles where source = 'akhbar_rooz' and telegram_id in (102, 103)");
    expect(stored.rows[0].n).toBeGreaterThanOrEqual(1);

    expect((await patch(added.json().id, { isActive: false })).statusCode).toBe(200);
    const off = await t.post('/api/admin/process-post', { postId: 104, channelName: 'akhbar_rooz' });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe(`کانال ${handle('akhbar_rooz')} در فهرست کانال‌های فعال نیست`);
    const offLink = await t.post('/api/admin/process-from-link', { link: 'https://t.me/akhbar_rooz/104' });
    expect(offLink.statusCode).toBe(400);
  });
});
