import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmarks } from '@chapar/db';
import { buildApp } from '../../app.ts';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';

let t: TestApp;
let first: { id: number; title: string };
let second: { id: number };
let hiddenId: number;
const SESSION = 'reader_Session-01';

beforeAll(async () => {
  t = await buildTestApp();
  first = await createArticle(t.database, { title: 'خبر نشان‌شده', imageUrl: '/media/a.jpg', category: 'Sports' });
  second = await createArticle(t.database);
  hiddenId = (await createArticle(t.database, { status: 'unpublished' })).id;
});
afterAll(async () => { await t?.close(); });

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, opts: { payload?: object; session?: string } = {}) =>
  t.app.inject({ method, url, payload: opts.payload, headers: opts.session ? { 'x-session-id': opts.session } : {} });
const list = async (session = SESSION) => (await call('GET', '/api/bookmarks', { session })).json() as Array<{ articleId: number; createdAt: string; article: Record<string, unknown> }>;

describe('bookmarks by path (first reading)', () => {
  it('adds idempotently and lists with the article summary', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', `/api/bookmarks/${first.id}`, { session: SESSION });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ bookmarked: true });
    }
    const items = await list();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      articleId: first.id,
      article: { id: first.id, title: 'خبر نشان‌شده', slug: expect.any(String), imageUrl: '/media/a.jpg', category: 'Sports', publishedAt: expect.any(String) },
    });
    expect(Number.isNaN(Date.parse(items[0].createdAt))).toBe(false);
  });

  it('keeps each session’s bookmarks apart and takes the session from the query too', async () => {
    expect(await list('another-session-9')).toEqual([]);
    await call('POST', `/api/bookmarks/${second.id}?sessionId=another-session-9`);
    expect((await list('another-session-9')).map((b) => b.articleId)).toEqual([second.id]);
    expect((await list()).map((b) => b.articleId)).toEqual([first.id]);
  });

  it('removes idempotently', async () => {
    await call('POST', `/api/bookmarks/${second.id}`, { session: SESSION });
    expect((await list()).map((b) => b.articleId)).toEqual([second.id, first.id]);
    for (let i = 0; i < 2; i++) {
      expect((await call('DELETE', `/api/bookmarks/${second.id}`, { session: SESSION })).json()).toEqual({ bookmarked: false });
    }
    expect((await list()).map((b) => b.articleId)).toEqual([first.id]);
  });

  it('answers 404 for an unknown or unpublished article', async () => {
    expect((await call('POST', `/api/bookmarks/${hiddenId}`, { session: SESSION })).statusCode).toBe(404);
    expect((await call('POST', '/api/bookmarks/555555', { session: SESSION })).statusCode).toBe(404);
  });
});

describe('bookmark toggle (second reading)', () => {
  it('toggles with {sessionId, articleId} and answers bookmarked', async () => {
    const toggle = () => call('POST', '/api/bookmarks', { payload: { sessionId: 'toggle-session', articleId: second.id } });
    expect((await toggle()).json()).toEqual({ bookmarked: true });
    expect((await list('toggle-session')).map((b) => b.articleId)).toEqual([second.id]);
    expect((await toggle()).json()).toEqual({ bookmarked: false });
    expect(await list('toggle-session')).toEqual([]);
    expect((await toggle()).json()).toEqual({ bookmarked: true });
  });

  it('survives a reload: a new app process on the same database sees it', async () => {
    const again = await buildApp({ config: t.config, database: t.database, ssr: false });
    try {
      const res = await again.inject({ method: 'GET', url: '/api/bookmarks?sessionId=toggle-session' });
      expect((res.json() as Array<{ articleId: number }>).map((b) => b.articleId)).toEqual([second.id]);
    } finally {
      await again.close();
    }
  });

  it.each([
    ['no session id', { articleId: 1 }],
    ['a short session id', { sessionId: 'abc', articleId: 1 }],
    ['a session id with spaces', { sessionId: 'has spaces in it', articleId: 1 }],
    ['a session id over 64 characters', { sessionId: 'x'.repeat(65), articleId: 1 }],
    ['no article id', { sessionId: 'toggle-session' }],
  ])('refuses %s with 400', async (_label, payload) => {
    const res = await call('POST', '/api/bookmarks', { payload });
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.select().from(bookmarks)).toHaveLength(3);
  });

  it('requires a session id to list', async () => {
    expect((await call('GET', '/api/bookmarks')).statusCode).toBe(400);
    expect((await call('GET', '/api/bookmarks?sessionId=%3Cscript%3E')).statusCode).toBe(400);
  });
});
