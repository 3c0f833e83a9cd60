import { afterAll, beforeAll, expect, it } from 'vitest';
import { createArticle } from '../../../testing/factories.ts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { ingestPost } from '../ingest/ingest-post.ts';
import type { Services } from '../../services.ts';

let t: IngestTestApp;
beforeAll(async () => { t = await buildIngestTestApp(); });
afterAll(async () => { await t?.close(); });

it('a duplicate post with a picture its article lacks gives the article that picture', async () => {
  expect((await t.post('/api/admin/auto-monitor/force-check')).statusCode).toBe(200);
  const { rows: [photo] } = await t.database.raw.query<{ id: number; title: string; content: string }>('select id, title, content from articles where telegram_id = 102');
  // The same story already published without a picture (another source's article), the post's own article gone.
  await t.database.raw.query('delete from articles where id = $1', [photo.id]);
  const bare = await createArticle(t.database, {
    title: photo.title, content: photo.content.replace(/<figure>[\s\S]*?<\/figure>/g, '').replace(/<img[^>]*>/g, ''),
    imageUrl: null, source: 'khabar_fori', telegramId: 777, publishedAt: new Date(Date.now() - 3600_000),
  });
  const s = (t.app as unknown as { ingest: Services }).ingest;
  const outcome = await ingestPost(s, { source: 'akhbar_rooz', telegramId: 102 }, { useAI: false });
  expect(outcome).toMatchObject({ status: 'ignored', articleId: bare.id });
  const { rows: [after] } = await t.database.raw.query<{ image_url: string | null }>('select image_url from articles where id = $1', [bare.id]);
  expect(after.image_url).toMatch(/^\/media\/tg\/akhbar_rooz\/102\/0-image\.[0-9a-f]{8}\.jpg$/);
  const media = await t.database.raw.query<{ storage_key: string; dhash: string | null }>('select storage_key, dhash from media_assets where article_id = $1', [bare.id]);
  expect(media.rows.map((m) => m.storage_key)).toEqual([after.image_url!.slice('/media/'.length)]);
  expect(media.rows[0].dhash).toMatch(/^[0-9a-f]{16}$/);
  // Checked again, the post's picture is now a signal too: the stored hash matches the article's.
  const check = await t.post('/api/admin/check-duplicate-post', { postId: '102' });
  expect(check.json()).toMatchObject({ isDuplicate: true });
  expect(check.json().duplicateArticles[0]).toMatchObject({ id: bare.id });
});
