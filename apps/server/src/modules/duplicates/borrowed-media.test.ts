// A picture an article was given by another post (here, when its duplicate was removed) is the
// article's to keep: a later run of the article's own post, which has no picture, and a
// re-download of its media neither drop it from the article nor delete its file.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';

let t: IngestTestApp;
beforeAll(async () => { t = await buildIngestTestApp(); });
afterAll(async () => { await t?.close(); });

/** The key of post 102's picture (its name carries its content version, media/media-version.ts). */
let PICTURE = '';
const articleOf = async (telegramId: number) => (await t.database.raw.query<{ id: number; image_url: string | null; title: string }>(
  'select id, image_url, title from articles where telegram_id = $1', [telegramId])).rows[0];
const pictureHolder = async () => (await t.database.raw.query<{ article_id: number | null }>('select article_id from media_assets where storage_key = $1', [PICTURE])).rows;

it('keeps a picture another post gave the article through a re-run of its own post and a media re-download', async () => {
  expect((await t.post('/api/admin/auto-monitor/force-check')).statusCode).toBe(200);
  const text = await articleOf(101);
  const photo = await articleOf(102);
  expect(text.image_url).toBeNull();
  expect(photo.image_url).toMatch(/^\/media\/tg\/akhbar_rooz\/102\/0-image\.[0-9a-f]{8}\.jpg$/);
  PICTURE = photo.image_url!.slice('/media/'.length);

  const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/duplicate-article/${photo.id}?originalId=${text.id}`, headers: t.headers });
  expect(removed.json()).toMatchObject({ success: true, movedImage: true });
  expect((await articleOf(101)).image_url).toBe(`/media/${PICTURE}`);

  // The post is edited on the channel and processed again: it still has no picture of its own.
  t.server.edit(101, 'دور تازه مذاکرات', 'دور جدید مذاکرات');
  const processed = await t.post('/api/admin/process-post', { postId: 101 });
  expect(processed.statusCode, processed.body).toBe(200);
  expect((await articleOf(101)).title).toContain('دور جدید مذاکرات');
  expect((await articleOf(101)).image_url).toBe(`/media/${PICTURE}`);
  expect(await pictureHolder()).toEqual([{ article_id: text.id }]);
  expect(existsSync(path.join(t.dataDir, 'media', PICTURE))).toBe(true);

  // Its media downloaded again from the post: the given picture stays too.
  const fixed = await t.post(`/api/admin/fix-article-image/${text.id}`);
  expect(fixed.statusCode, fixed.body).toBe(200);
  expect((await articleOf(101)).image_url).toBe(`/media/${PICTURE}`);
  expect(await pictureHolder()).toEqual([{ article_id: text.id }]);
  expect(existsSync(path.join(t.dataDir, 'media', PICTURE))).toBe(true);
});
