// Requests that write the same articles at once, and a bulk action whose write fails midway: each
// answer says what it did, and none claims what another did or what did not stay.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_ARTICLE_MESSAGES, type AdminArticle } from '@chapar/shared/contracts';
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
const patch = (id: number, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/admin/articles/${id}`, headers, payload });

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

describe('saves that name no version', () => {
  it('go through when four are sent at once, each field kept, none refused', async () => {
    const article = await createArticle(t.database);
    const edits = [
      { title: 'تیتر تازهٔ ویراستار نخست برای این خبر' },
      { excerpt: 'خلاصهٔ تازهٔ ویراستار دوم' },
      { keywords: 'کنکور، سازمان سنجش' },
      { metaDescription: 'توضیح متای تازهٔ ویراستار چهارم' },
    ];
    const answers = await Promise.all(edits.map((edit) => patch(article.id, edit)));
    expect(answers.map((a) => `${a.statusCode} ${a.statusCode === 200 ? '' : a.body}`)).toEqual(['200 ', '200 ', '200 ', '200 ']);
    // Each save was applied to what the one before it left: no field written by one was put back by another.
    const saved = (await t.app.inject({ method: 'GET', url: `/api/admin/articles/${article.id}`, headers })).json() as AdminArticle;
    expect(saved).toMatchObject({ title: edits[0].title, excerpt: edits[1].excerpt, metaDescription: edits[3].metaDescription });
    expect(saved.keywords).toContain('سازمان سنجش');
    expect([...saved.editedFields].sort()).toEqual(['excerpt', 'keywords', 'metaDescription', 'title']);
    const versions = await t.database.raw.query('select id from article_versions where article_id = $1', [article.id]);
    expect(versions.rows).toHaveLength(4);
  });

  it('go through when another save landed after this one read the article, and keep what that one wrote', async () => {
    const article = await createArticle(t.database);
    const read = (await articleAdminRepo.byId(t.database.db, article.id))!;
    expect((await patch(article.id, { title: 'تیتری که ویراستار دیگر همان لحظه نوشت' })).statusCode).toBe(200);
    // This request read the article before that save landed.
    const stale = vi.spyOn(articleAdminRepo, 'byId').mockResolvedValueOnce(read);
    try {
      const res = await patch(article.id, { excerpt: 'خلاصه‌ای که ویراستار دوم نوشت' });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      stale.mockRestore();
    }
    const saved = (await t.app.inject({ method: 'GET', url: `/api/admin/articles/${article.id}`, headers })).json() as AdminArticle;
    expect(saved).toMatchObject({ title: 'تیتری که ویراستار دیگر همان لحظه نوشت', excerpt: 'خلاصه‌ای که ویراستار دوم نوشت' });
  });

  it('still refuse, with the form\'s 409, a save whose expectedUpdatedAt is stale', async () => {
    const article = await createArticle(t.database);
    const loaded = article.updatedAt.toISOString();
    expect((await patch(article.id, { title: 'تیتری که ویراستار دیگر نوشت' })).statusCode).toBe(200);
    const stale = await patch(article.id, { title: 'تیتری بر پایهٔ فرم کهنه', expectedUpdatedAt: loaded });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('تغییرات شما ذخیره نشد و در فرم مانده است');
    expect(((await t.app.inject({ method: 'GET', url: `/api/admin/articles/${article.id}`, headers })).json() as AdminArticle).title).toBe('تیتری که ویراستار دیگر نوشت');
  });
});
