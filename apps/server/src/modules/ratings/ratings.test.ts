import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratings } from '@chapar/db';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';

let t: TestApp;
let articleId: number;
let hiddenId: number;
beforeAll(async () => {
  t = await buildTestApp();
  articleId = (await createArticle(t.database)).id;
  hiddenId = (await createArticle(t.database, { status: 'unpublished' })).id;
});
afterAll(async () => { await t?.close(); });

const rate = (id: number, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/articles/${id}/rating`, payload, headers });
const read = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('article ratings', () => {
  it('starts empty', async () => {
    const res = await read(`/api/articles/${articleId}/rating`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ averageRating: 0, totalRatings: 0, userRating: null });
  });

  it('averages to one decimal and reports the visitor’s own rating', async () => {
    expect((await rate(articleId, { rating: 5, sessionId: 'session-aaaa' })).json()).toMatchObject({ success: true, totalRatings: 1, userRating: 5 });
    await rate(articleId, { rating: 4 }, { 'x-session-id': 'session-bbbb' });
    await rate(articleId, { rating: 4, sessionId: 'session-cccc' });
    const res = await read(`/api/articles/${articleId}/rating?sessionId=session-bbbb`);
    expect(res.json()).toEqual({ averageRating: 4.3, totalRatings: 3, userRating: 4 });
    const byHeader = await read(`/api/articles/${articleId}/rating`, { 'x-session-id': 'session-aaaa' });
    expect(byHeader.json()).toMatchObject({ userRating: 5 });
    expect((await read(`/api/articles/${articleId}/rating?sessionId=someone-else`)).json()).toMatchObject({ userRating: null });
  });

  it('replaces a visitor’s earlier rating instead of adding one', async () => {
    const res = await rate(articleId, { rating: 1, sessionId: 'session-aaaa' });
    expect(res.json()).toMatchObject({ averageRating: 3, totalRatings: 3, userRating: 1 });
    expect(await t.database.db.select().from(ratings)).toHaveLength(3);
  });

  it.each([[0], [6], [3.5], ['4'], [null]])('rejects the rating %j with 400', async (rating) => {
    const res = await rate(articleId, { rating, sessionId: 'session-dddd' });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toContain('امتیاز');
  });

  it('needs a well-formed session id to rate', async () => {
    expect((await rate(articleId, { rating: 3 })).statusCode).toBe(400);
    expect((await rate(articleId, { rating: 3, sessionId: 'short' })).statusCode).toBe(400);
    expect((await rate(articleId, { rating: 3 }, { 'x-session-id': 'bad id with spaces' })).statusCode).toBe(400);
  });

  it('answers 404 for unknown and unpublished articles', async () => {
    for (const id of [hiddenId, 777777]) {
      expect((await rate(id, { rating: 3, sessionId: 'session-eeee' })).statusCode).toBe(404);
      expect((await read(`/api/articles/${id}/rating`)).statusCode).toBe(404);
    }
  });
});
