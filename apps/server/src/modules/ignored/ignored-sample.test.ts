// «ثبت پست‌های نمونه» after the channel was checked: what a duplicate repeats is kept, posts
// that are articles are not listed, and with no channel to read the answer is a 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { NO_ACTIVE_CHANNEL } from './service.ts';

let t: IngestTestApp;
type Ignored = { id: number; source: string; telegramId: number; reason: string; duplicateOf?: number | null };
const list = async () => (await t.get('/api/admin/ignored-posts')).json() as { posts: Ignored[] };
const rows = async () => (await t.database.raw.query<{ source: string; telegram_id: number; reason: string; duplicate_of: number | null }>(
  'select source, telegram_id, reason, duplicate_of from ignored_posts order by telegram_id',
)).rows.map((r) => [r.source, Number(r.telegram_id), r.reason, r.duplicate_of]);

beforeAll(async () => {
  t = await buildIngestTestApp();
  expect((await t.post('/api/admin/auto-monitor/force-check')).statusCode).toBe(200);
});
afterAll(async () => { await t?.close(); });

describe('recording a sample after the channel was checked', () => {
  it('keeps the article a duplicate repeats, and lists no post that is an article', async () => {
    // Post 101's story is now another channel's article: the post repeats it.
    const { rows: [other] } = await t.database.raw.query<{ id: number }>(
      "update articles set source = 'taze_khabar', telegram_id = 9101 where source = 'akhbar_rooz' and telegram_id = 101 returning id",
    );
    const res = await t.post('/api/admin/ignored-posts/init-sample');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, recorded: 2 });
    const posts = (await list()).posts.map((p) => [p.source, p.telegramId, p.reason, p.duplicateOf ?? null]).sort();
    expect(posts).toEqual([['akhbar_rooz', 101, 'duplicate', other.id], ['akhbar_rooz', 108, 'too_short', null]]);
    // A second sample changes nothing: the same two rows, the detail still there.
    await t.post('/api/admin/ignored-posts/init-sample');
    expect(await rows()).toEqual([['akhbar_rooz', 101, 'duplicate', other.id], ['akhbar_rooz', 108, 'too_short', null]]);
  });

  it('answers 409 with the Persian reason when no channel is active, recording nothing', async () => {
    const before = await rows();
    const { channels } = (await t.get('/api/admin/channels')).json() as { channels: Array<{ id: number }> };
    for (const channel of channels) await t.app.inject({ method: 'PATCH', url: `/api/admin/channels/${channel.id}`, headers: t.headers, payload: { isActive: false } });
    const res = await t.post('/api/admin/ignored-posts/init-sample');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'conflict', message: NO_ACTIVE_CHANNEL });
    expect(await rows()).toEqual(before);
  });
});
