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
const bulk = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/articles/bulk', headers, payload });
const articleRows = async (ids: number[]) =>
  (await t.database.raw.query<{ id: number; status: string; category: string }>('select id, status, category from articles where id = any($1) order by id', [ids])).rows;

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

describe('a bulk action whose write fails midway', () => {
  /** Refuses every update of article `id` (as a failing disk or a broken row would), until dropped. */
  async function refuseWritesTo(id: number): Promise<() => Promise<void>> {
    await t.database.raw.query(`create or replace function test_refuse_article_write() returns trigger language plpgsql as $$
      begin raise exception 'test: article write refused'; end $$`);
    await t.database.raw.query(`create trigger test_refuse_article_write before update on articles for each row when (old.id = ${Number(id)}) execute function test_refuse_article_write()`);
    return async () => {
      await t.database.raw.query('drop trigger test_refuse_article_write on articles');
      await t.database.raw.query('drop function test_refuse_article_write()');
    };
  }
  const lastOperation = async (kind: string) => (await t.database.raw.query<{ id: number; status: string; logs: string[]; errors: string[]; result: Record<string, unknown> }>(
    'select id, status, logs, errors, result from operations where kind = $1 order by id desc limit 1', [kind])).rows[0];
  const keptForUndo = async (operationId: number) => (await t.database.raw.query('select article_id from operation_changes where operation_id = $1', [operationId])).rows;

  it.each([
    ['unpublish', {}, (row: { status: string }) => row.status, 'published'],
    ['category', { category: 'sports' }, (row: { category: string }) => row.category, 'Economy'],
  ] as const)('%s: changes no article, and the answer and the operation say so', async (action, extra, field, before) => {
    const ids = [(await createArticle(t.database)).id, (await createArticle(t.database)).id, (await createArticle(t.database)).id];
    const allow = await refuseWritesTo(ids[2]);
    try {
      const res = await bulk({ action, articleIds: ids, ...extra });
      expect(res.json()).toEqual({ error: 'internal', message: 'خطای داخلی سرور؛ هیچ مقاله‌ای تغییر نکرد. لطفاً دوباره تلاش کنید.' });
      expect(res.statusCode).toBe(500);
    } finally {
      await allow();
    }
    expect((await articleRows(ids)).map((row) => field(row as never))).toEqual([before, before, before]);
    const operation = (await lastOperation(`bulk-${action}`))!;
    expect(operation).toMatchObject({ status: 'error', logs: [], result: { total: 3, updated: 0 } });
    expect(operation.errors).toEqual([expect.stringContaining('هیچ مقاله‌ای تغییر نکرد')]);
    expect(await keptForUndo(operation.id)).toEqual([]);

    // Once the writes go through again, the same action changes all three.
    const again = await bulk({ action, articleIds: ids, ...extra });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().changedIds).toEqual(ids);
  });
});
