// A photo replaced on Telegram under the same caption, seen by a channel check against the local
// channel: t.me/s names a single photo's Telegram id on its wrap and gives each album tile its
// aspect ratio, while its CDN addresses change on every fetch (posts/media-change.ts).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationRecord } from '@chapar/shared/contracts';
import { normalizePersian } from '@chapar/shared/text';
import type { TelegramPhoto, TelegramPost } from '../../integrations/telegram/index.ts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { FIXTURE_DIR } from '../../../testing/telegram-fixture-server.ts';
import { EDITED_AT_SOURCE } from './source-edits.ts';

let t: IngestTestApp;
type Row = { id: number; title: string; status: string; content: string; image_url: string | null };
type PostRow = { telegram_id: number; state: string; edited_at: Date | null; payload: TelegramPost };
const article = async (telegramId: number) =>
  (await t.database.raw.query<Row>('select id, title, status, content, image_url from articles where telegram_id = $1', [telegramId])).rows[0];
const posts = async () =>
  (await t.database.raw.query<PostRow>('select telegram_id::int as telegram_id, state, edited_at, payload from telegram_posts order by telegram_id')).rows;
const sync = async () => {
  const res = await t.post('/api/admin/sync-all-channels');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { success: boolean; message: string; editsAwaiting?: number };
};
const awaitingPlans = async () =>
  ((await t.get('/api/admin/operations?limit=50')).json() as { operations: OperationRecord[] }).operations
    .filter((op) => op.name === 'source-edits' && op.status === 'awaiting');
const original = async (url: string) => t.app.ingest.originals.get(url.slice('/media/'.length));
const fixture = (name: string) => readFile(path.join(FIXTURE_DIR, 'media', name));
/** The fixture's id for post 102's photo, and the one Telegram gives a photo put in its place. */
const PHOTO_ID = '5431234567890123456';

/** The fingerprint posts were stored with before photo ids were read, written out so it stays frozen. */
function oldHash(p: TelegramPost): string {
  const media = [p.photos.length, p.videos.map((v) => (v.tooBig ? 'big' : 'v')).join(''), p.voice ? 'a' : '', p.linkPreview?.url ?? ''];
  return createHash('sha256').update(`${normalizePersian(p.text)}|${media.join('|')}`).digest('hex');
}

beforeAll(async () => {
  t = await buildIngestTestApp();
  await sync();
});
afterAll(async () => { await t?.close(); });

describe('a photo replaced under the same caption', () => {
  it('posts stored before photo ids were read are the same on the next check: nothing edited, nothing rewritten', async () => {
    // Every stored post as the code before stored it: the old fingerprint, photos without ids.
    for (const row of await posts()) {
      const payload = { ...row.payload, photos: row.payload.photos.map(({ fileId: _id, ...rest }: TelegramPhoto) => rest) };
      await t.database.raw.query('update telegram_posts set payload = $1, content_hash = $2 where telegram_id = $3',
        [JSON.stringify(payload), oldHash({ ...payload, date: new Date(String(payload.date)) }), row.telegram_id]);
    }
    const before = await posts();
    expect(before.length).toBeGreaterThan(10);
    expect(before.some((p) => p.payload.photos.length > 0)).toBe(true);
    const articles = await t.database.raw.query<Row>('select id, title, status, content, image_url from articles order by id');

    const answer = await sync();
    expect(answer.editsAwaiting ?? 0).toBe(0);
    expect(await awaitingPlans()).toEqual([]);
    const after = await posts();
    expect(after.map((p) => [p.telegram_id, p.state, p.edited_at])).toEqual(before.map((p) => [p.telegram_id, p.state, p.edited_at]));
    expect((await t.database.raw.query<Row>('select id, title, status, content, image_url from articles order by id')).rows).toEqual(articles.rows);
    // The single photo learnt its id, so a later swap is told by it.
    expect(after.find((p) => p.telegram_id === 102)!.payload.photos[0].fileId).toBe(PHOTO_ID);
  });

  it('the same photos under fresh CDN tokens are the same posts', async () => {
    const before = [await article(102), await article(103)];
    t.server.edit(102, '/media/dollar-market.jpg', '/media/dollar-market.jpg?token=second-fetch');
    t.server.edit(103, '/media/book-fair-1.jpg', '/media/book-fair-1.jpg?token=second-fetch');
    const answer = await sync();
    expect(answer.editsAwaiting ?? 0).toBe(0);
    expect([await article(102), await article(103)]).toEqual(before);
    const rows = (await posts()).filter((p) => [102, 103].includes(p.telegram_id));
    expect(rows.map((p) => [p.state, p.edited_at])).toEqual([['published', null], ['published', null]]);
  });

  it('one swapped photo rewrites its article at once, with the new picture', async () => {
    const before = await article(102);
    t.server.edit(102, PHOTO_ID, '5431234567890999001');
    t.server.edit(102, 'dollar-market.jpg?token=second-fetch', 'rain-north.jpg');
    const answer = await sync();
    expect(answer.editsAwaiting ?? 0).toBe(0);
    const after = await article(102);
    expect(after.image_url).not.toBe(before.image_url);
    expect((await original(after.image_url!))?.equals(await fixture('rain-north.jpg'))).toBe(true);
    const versions = (await t.get(`/api/admin/articles/${before.id}/versions`)).json() as { versions: Array<{ action: string; savedBy: string | null }> };
    expect(versions.versions[0]).toMatchObject({ action: 'regenerate', savedBy: null });
    const row = (await posts()).find((p) => p.telegram_id === 102)!;
    expect(row.edited_at).toBeInstanceOf(Date);
    expect(row.payload.photos[0].fileId).toBe('5431234567890999001');
  });

  it('several swapped in one check wait in a plan, changing nothing until an editor confirms', async () => {
    const a = await article(102);
    const b = await article(103);
    t.server.edit(102, '5431234567890999001', '5431234567890999002');
    t.server.edit(102, 'rain-north.jpg', 'snow-tehran.jpg');
    // An album tile names no id: a picture of another shape in its place is what shows.
    t.server.edit(103, `url('/media/book-fair-2.jpg')" data-ratio="1"`, `url('/media/snow-tehran.jpg')" data-ratio="1.3333333333333"`);
    const answer = await sync();
    expect(answer.message).toContain('۲ پست در کانال ویرایش شده است');
    expect([await article(102), await article(103)]).toEqual([a, b]);
    const [plan] = await awaitingPlans();
    expect(plan.plan!.items.map((item) => [item.articleId, item.change]).sort()).toEqual([[a.id, 'rewrite'], [b.id, 'rewrite']].sort());
    expect(plan.plan!.items[0].reason).toBe(EDITED_AT_SOURCE);

    const confirmed = await t.post(`/api/admin/operations/${plan.id}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const cover = (await article(102)).image_url!;
    expect(cover).not.toBe(a.image_url);
    expect((await original(cover))?.equals(await fixture('snow-tehran.jpg'))).toBe(true);
    expect((await article(103)).content).not.toBe(b.content);
    // Once written, the next check finds nothing new.
    expect((await sync()).editsAwaiting ?? 0).toBe(0);
    expect(await awaitingPlans()).toEqual([]);
  });

  it('«check articles with their source» plans an update for a swapped photo and for nothing else', async () => {
    t.server.edit(102, '5431234567890999002', '5431234567890999003');
    const res = await t.post('/api/admin/check-articles');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { operationId: number; status: string; plan: { items: Array<{ telegramId: number | null; change: string }> } };
    expect(answer.plan.items.filter((item) => item.change === 'update').map((item) => item.telegramId)).toEqual([102]);
    expect(answer.status).toBe('awaiting');
    expect((await t.post(`/api/admin/operations/${answer.operationId}/cancel`, {})).statusCode).toBe(200);
  });
});
