// Removing a duplicate gives the original its readers' ratings and bookmarks (a reader's own there
// wins), and restoring the duplicate takes back exactly those.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';

let t: IngestTestApp;
beforeAll(async () => { t = await buildIngestTestApp(); });
afterAll(async () => { await t?.close(); });

const idOf = async (telegramId: number) => (await t.database.raw.query<{ id: number }>('select id from articles where telegram_id = $1', [telegramId])).rows[0].id;
const rowsOf = async (table: 'ratings' | 'bookmarks', articleId: number) => (await t.database.raw.query<{ session_id: string; rating?: number }>(
  `select session_id${table === 'ratings' ? ', rating' : ''} from ${table} where article_id = $1 order by session_id`, [articleId])).rows;

it('moves a duplicate\'s ratings and bookmarks to the original, keeps a reader\'s own there, and a restore takes them back', async () => {
  expect((await t.post('/api/admin/auto-monitor/force-check')).statusCode).toBe(200);
  const original = await idOf(102);
  const duplicate = await idOf(106);
  // reader-1 only read the duplicate; reader-2 rated and bookmarked both.
  await t.database.raw.query("insert into ratings (article_id, session_id, rating) values ($1, 'reader-1', 5), ($1, 'reader-2', 1), ($2, 'reader-2', 4)", [duplicate, original]);
  await t.database.raw.query("insert into bookmarks (article_id, session_id) values ($1, 'reader-1'), ($1, 'reader-2'), ($2, 'reader-2')", [duplicate, original]);

  const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/duplicate-article/${duplicate}?originalId=${original}`, headers: t.headers });
  expect(removed.statusCode, removed.body).toBe(200);
  expect(removed.json()).toMatchObject({ success: true, movedRatings: 1, movedBookmarks: 1 });
  expect(await rowsOf('ratings', original)).toEqual([{ session_id: 'reader-1', rating: 5 }, { session_id: 'reader-2', rating: 4 }]);
  expect(await rowsOf('bookmarks', original)).toEqual([{ session_id: 'reader-1' }, { session_id: 'reader-2' }]);
  const summary = await t.app.inject({ method: 'GET', url: `/api/articles/${original}/rating` });
  expect(summary.statusCode, summary.body).toBe(200);
  expect(summary.json()).toMatchObject({ totalRatings: 2, averageRating: 4.5 });

  const restored = await t.post('/api/admin/deleted-articles/restore', { articleIds: [duplicate] });
  expect(restored.statusCode, restored.body).toBe(200);
  expect(restored.json()).toMatchObject({ restored: [duplicate] });
  expect(await rowsOf('ratings', duplicate)).toEqual([{ session_id: 'reader-1', rating: 5 }, { session_id: 'reader-2', rating: 1 }]);
  expect(await rowsOf('bookmarks', duplicate)).toEqual([{ session_id: 'reader-1' }, { session_id: 'reader-2' }]);
  expect(await rowsOf('ratings', original)).toEqual([{ session_id: 'reader-2', rating: 4 }]);
  expect(await rowsOf('bookmarks', original)).toEqual([{ session_id: 'reader-2' }]);
}, 120_000);
