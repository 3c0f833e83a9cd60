// The per-article tools (watermark, verify, fix video, fix, clean) name an article in the
// path: one that does not exist is the site's not-found answer, and no job is queued.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '@chapar/db';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ config: { adminJobWaitMs: 100, channels: [{ role: 'primary', username: 'akhbar_rooz' }, { role: 'secondary', username: 'taze_khabar' }] } });
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  headers = { cookie, 'x-csrf-token': csrfToken };
});
afterAll(async () => { await t?.close(); });

const PATHS = ['watermark-article', 'verify-watermark', 'fix-video-url', 'fix-article', 'clean-taze_khabar-article'];

describe('an article id that names no article', () => {
  it.each(PATHS)('POST /api/admin/%s/{id} answers 404 with the not-found message and queues nothing', async (path) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/${path}/987654`, headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'مقاله مورد نظر یافت نشد' });
    expect(await t.database.db.select().from(operations)).toEqual([]);
  });

  it('still runs the tool for an article that exists', async () => {
    const article = await createArticle(t.database);
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/verify-watermark/${article.id}`, headers });
    // No worker runs here: the job is queued and the answer says it is running.
    expect(res.statusCode).toBe(202);
    expect(await t.database.db.select().from(operations)).toHaveLength(1);
  });
});
