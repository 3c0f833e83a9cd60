// Requests that write the same articles at once, and a bulk action whose write fails midway: each
// answer says what it did, and none claims what another did or what did not stay.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_ARTICLE_MESSAGES } from '@chapar/shared/contracts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';
import { articleAdminRepo } from './admin-repo.ts';

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  headers = { cookie, 'x-csrf-token': csrfToken };
});
afterAll(async () => { await t?.close(); });

const NOT_FOUND = { error: 'not_found', message: ADMIN_ARTICLE_MESSAGES.notFound };
const remove = (id: number) => t.app.inject({ method: 'DELETE', url: `/api/admin/articles/${id}`, headers });

describe('deleting one article', () => {
  it('answers 404 to a delete that found the article but removed nothing (another delete took it first)', async () => {
    const article = await createArticle(t.database);
    const read = vi.spyOn(articleAdminRepo, 'byId').mockResolvedValueOnce(article);
    try {
      await t.database.raw.query('delete from articles where id = $1', [article.id]);
      const res = await remove(article.id);
      expect(res.json()).toEqual(NOT_FOUND);
      expect(res.statusCode).toBe(404);
    } finally {
      read.mockRestore();
    }
  });

  it('reports the delete once when it is sent four times at once, and keeps one entry among the deleted', async () => {
    const article = await createArticle(t.database);
    const answers = await Promise.all([1, 2, 3, 4].map(() => remove(article.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404, 404, 404]);
    for (const answer of answers.filter((a) => a.statusCode === 404)) expect(answer.json()).toEqual(NOT_FOUND);
    const kept = await t.database.raw.query('select deleted_by from deleted_articles where article_id = $1', [article.id]);
    expect(kept.rows).toEqual([{ deleted_by: 'admin' }]);
  });
});
