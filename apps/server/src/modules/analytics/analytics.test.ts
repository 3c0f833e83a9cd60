import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { analyticsEvents, articles } from '@chapar/db';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';

let t: TestApp;
const ids = { a: 0, b: 0, c: 0, hidden: 0 };
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

beforeAll(async () => {
  t = await buildTestApp();
  const hour = 3_600_000;
  ids.a = (await createArticle(t.database, { title: 'پربازدیدترین', category: 'Economy', views: 100, readingTime: 3, publishedAt: new Date(Date.now() - hour) })).id;
  ids.b = (await createArticle(t.database, { title: 'دومی', category: 'Economy', views: 50, readingTime: 4, publishedAt: new Date(Date.now() - 2 * hour) })).id;
  ids.c = (await createArticle(t.database, { title: 'ورزشی', category: 'Sports', views: 10, readingTime: 6, publishedAt: new Date(Date.now() - 3 * hour) })).id;
  ids.hidden = (await createArticle(t.database, { title: 'حذف‌شده', category: 'Sports', views: 999, readingTime: 20, status: 'unpublished' })).id;
});
afterAll(async () => { await t?.close(); });

const track = (payload: Record<string, unknown>, headers: Record<string, string> = {}, remoteAddress = '10.3.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/analytics/track', payload, headers: { 'user-agent': BROWSER, ...headers }, remoteAddress });
const views = async (id: number) => (await t.database.db.select({ v: articles.views }).from(articles).where(eq(articles.id, id)))[0].v;

describe('POST /api/analytics/track', () => {
  it('counts a view once per session and article', async () => {
    const first = await track({ articleId: ids.a, event: 'view', sessionId: 'session-one-1' });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ recorded: true });
    expect((await track({ articleId: ids.a, event: 'view', sessionId: 'session-one-1' })).json()).toEqual({ recorded: false });
    expect((await track({ articleId: ids.a, event: 'view' }, { 'x-session-id': 'session-one-1' })).json()).toEqual({ recorded: false });
    expect(await views(ids.a)).toBe(101);
    expect((await track({ articleId: ids.a, event: 'view' }, { 'x-session-id': 'session-two-2' })).json()).toEqual({ recorded: true });
    expect((await track({ articleId: ids.b, event: 'view', sessionId: 'session-one-1' })).json()).toEqual({ recorded: true });
    expect(await views(ids.a)).toBe(102);
    expect(await views(ids.b)).toBe(51);
  });

  it('falls back to the IP when no session id is sent', async () => {
    expect((await track({ articleId: ids.c, event: 'view' }, {}, '10.3.9.9')).json()).toEqual({ recorded: true });
    expect((await track({ articleId: ids.c, event: 'view' }, {}, '10.3.9.9')).json()).toEqual({ recorded: false });
    expect(await views(ids.c)).toBe(11);
  });

  it('records the 30-second repeat once, without counting another view', async () => {
    expect((await track({ articleId: ids.a, event: 'view_30s', sessionId: 'session-one-1' })).json()).toEqual({ recorded: true });
    expect((await track({ articleId: ids.a, event: 'view_30s', sessionId: 'session-one-1' })).json()).toEqual({ recorded: false });
    expect(await views(ids.a)).toBe(102);
  });

  it.each(['Googlebot/2.1 (+http://www.google.com/bot.html)', 'TelegramBot (like TwitterBot)', 'WhatsApp/2.23', 'facebookexternalhit/1.1', 'Mozilla/5.0 HeadlessChrome/130.0', 'Slurp'])('ignores the bot %s', async (ua) => {
    const before = await t.database.db.select().from(analyticsEvents);
    const res = await track({ articleId: ids.b, event: 'view', sessionId: 'crawler-session' }, { 'user-agent': ua });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ recorded: false });
    expect(await views(ids.b)).toBe(51);
    expect(await t.database.db.select().from(analyticsEvents)).toHaveLength(before.length);
  });

  it('records shares with their channel, and requires one', async () => {
    const share = await track({ articleId: ids.a, event: 'share', value: 'telegram', sessionId: 'session-one-1', userAgent: BROWSER });
    expect(share.json()).toEqual({ recorded: true });
    expect((await track({ articleId: ids.a, event: 'share', value: 'copy', sessionId: 'session-one-1' })).json()).toEqual({ recorded: true });
    for (const value of [undefined, '', 'myspace']) {
      const res = await track({ articleId: ids.a, event: 'share', value, sessionId: 'session-one-1' });
      expect(res.statusCode).toBe(400);
    }
    expect((await track({ articleId: ids.b, event: 'bookmark_add', sessionId: 'session-two-2' })).json()).toEqual({ recorded: true });
  });

  it('refuses unknown events and articles', async () => {
    expect((await track({ articleId: ids.a, event: 'click', sessionId: 'session-one-1' })).statusCode).toBe(400);
    expect((await track({ articleId: 424242, event: 'view', sessionId: 'session-one-1' })).statusCode).toBe(404);
    expect((await track({ articleId: ids.hidden, event: 'view', sessionId: 'session-one-1' })).statusCode).toBe(404);
    expect((await track({ event: 'view', sessionId: 'session-one-1' })).statusCode).toBe(400);
  });
});

describe('GET /api/analytics/dashboard', () => {
  it('needs an admin session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics/dashboard' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized', message: 'برای این کار باید وارد پنل مدیریت شوید' });
    const forged = await t.app.inject({ method: 'GET', url: '/api/analytics/dashboard', headers: { cookie: 'chapar_sid=forged' } });
    expect(forged.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/dashboard?articleId=abc' })).statusCode).toBe(401);
  });

  it('reports the site’s numbers', async () => {
    // An old visit (outside 30 days) and one 10 minutes ago (not realtime).
    await t.database.db.insert(analyticsEvents).values([
      { articleId: ids.c, event: 'share', value: 'twitter', sessionId: 'old-visitor', createdAt: new Date(Date.now() - 40 * 86_400_000) },
      { articleId: ids.c, event: 'view_30s', sessionId: 'earlier-visitor', createdAt: new Date(Date.now() - 10 * 60_000) },
    ]);
    const { cookie } = await loginAsAdmin(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics/dashboard', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json() as Record<string, unknown>;
    // Sessions: session-one-1, session-two-2, the IP visitor, earlier-visitor (old-visitor is outside 30 days).
    expect(body).toMatchObject({
      totalViews: 102 + 51 + 11,
      totalArticles: 3,
      uniqueVisitors: 4,
      totalShares: 3,
      realtimeUsers: 3,
      avgReadingTime: 4.3,
    });
    expect(body.topArticles).toEqual([
      { id: ids.a, title: 'پربازدیدترین', category: 'Economy', views: 102, publishedAt: expect.any(String) },
      { id: ids.b, title: 'دومی', category: 'Economy', views: 51, publishedAt: expect.any(String) },
      { id: ids.c, title: 'ورزشی', category: 'Sports', views: 11, publishedAt: expect.any(String) },
    ]);
    expect(body.categoryStats).toEqual([
      { category: 'Economy', count: 2, views: 153 },
      { category: 'Sports', count: 1, views: 11 },
    ]);
  });

  it('narrows to one article with ?articleId', async () => {
    const { cookie } = await loginAsAdmin(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/analytics/dashboard?articleId=${ids.a}`, headers: { cookie } });
    expect(res.json()).toMatchObject({ totalViews: 102, totalShares: 2, uniqueVisitors: 2, realtimeUsers: 2, avgReadingTime: 3, totalArticles: 3 });
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/dashboard?articleId=999999', headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/dashboard?articleId=abc', headers: { cookie } })).statusCode).toBe(400);
  });
});
