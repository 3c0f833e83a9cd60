// `media move-to-s3` rewrites the addresses kept for later too: a deleted article comes back with
// the bucket's addresses, and an undo neither mistakes the move for an editor's change nor puts
// the old addresses back.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OperationRecord } from '@chapar/shared/contracts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { createMemoryStorage } from '../../integrations/storage/index.ts';
import { moveMediaToS3 } from './move-to-s3.ts';

const CDN = 'https://cdn.example.com/chapar';
let t: IngestTestApp;
beforeAll(async () => { t = await buildIngestTestApp(); });
afterAll(async () => { await t?.close(); });

type Row = { id: number; title: string; content: string; image_url: string | null };
const article = async (telegramId: number) =>
  (await t.database.raw.query<Row>('select id, title, content, image_url from articles where telegram_id = $1', [telegramId])).rows[0];
const sync = async () => expect((await t.post('/api/admin/sync-all-channels')).statusCode).toBe(200);

it('rewrites the addresses of deleted articles and of undo records', async () => {
  await sync();
  const photo = await article(102);
  expect(photo.image_url).toMatch(/^\/media\//);
  expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/articles/${photo.id}`, headers: t.headers })).statusCode).toBe(200);

  // Two posts with pictures edited at the source: a plan, confirmed, to be undone after the move.
  const album = await article(103);
  const video = await article(106);
  expect(album.content).toContain('"/media/');
  t.server.edit(103, '۲۴۰۰ ناشر', '۲۵۰۰ ناشر');
  t.server.edit(106, 'هفته دوازدهم', 'هفته سیزدهم');
  await sync();
  const plan = ((await t.get('/api/admin/operations?limit=50')).json() as { operations: OperationRecord[] }).operations
    .find((op) => op.name === 'source-edits' && op.status === 'awaiting');
  expect(plan).toBeDefined();
  expect((await t.post(`/api/admin/operations/${plan!.id}/confirm`, {})).statusCode).toBe(200);
  expect((await article(106)).title).not.toBe(video.title);

  const report = await moveMediaToS3({
    database: t.database, dataDir: t.dataDir, fromBaseUrl: '/media', toBaseUrl: CDN,
    target: { media: createMemoryStorage({ baseUrl: CDN }), originals: createMemoryStorage({ baseUrl: 'originals:' }) },
  });
  expect(report.errors).toEqual([]);
  expect(report.rewritten).toMatchObject({ deleted_articles: 1, operation_changes: 2 });
  const kept = await t.database.raw.query<{ text: string }>(
    "select article::text || related::text as text from deleted_articles union all select before::text || coalesce(after::text, '') from operation_changes");
  for (const { text } of kept.rows) expect(text).not.toContain('/media/');

  const restored = await t.post('/api/admin/deleted-articles/restore', { articleIds: [photo.id] });
  expect(restored.statusCode, restored.body).toBe(200);
  expect((await article(102)).image_url).toBe(`${CDN}/${photo.image_url!.slice('/media/'.length)}`);

  const undo = await t.post(`/api/admin/operations/${plan!.id}/undo`, {});
  expect(undo.statusCode, undo.body).toBe(200);
  expect(undo.json()).toMatchObject({ success: true, restored: 2, skipped: [] });
  expect(undo.json().message).not.toContain('ویرایش شده بود');
  const back = await article(103);
  expect([back.title, (await article(106)).title]).toEqual([album.title, video.title]);
  expect(back.content).toContain('۲۴۰۰ ناشر');
  expect(back.content).not.toContain('/media/');
  expect(back.content).toContain(`"${CDN}/`);
}, 120_000);
