import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { comments } from '@chapar/db';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';
import { hashIp } from '../analytics/visitor.ts';
import { issueCaptcha } from './captcha.ts';
import { ADDRESS_BUDGETS } from './service.ts';

let t: TestApp;
let articleId: number;

beforeAll(async () => {
  t = await buildTestApp();
  articleId = (await createArticle(t.database, { title: 'خبر پربحث' })).id;
});
afterAll(async () => { await t?.close(); });

/** A captcha issued long enough ago, answered correctly. */
const solved = (agoMs = 5_000) => {
  const c = issueCaptcha(t.config.sessionSecret, Date.now() - agoMs);
  return { captchaToken: c.token, captchaAnswer: String(c.answer) };
};
const post = (payload: Record<string, unknown>, headers: Record<string, string>, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: `/api/articles/${articleId}/comments`, payload, headers, remoteAddress });

describe('comments per visitor', () => {
  it('allows one comment per 15 s per visitor (session id, else IP)', async () => {
    const visitor = { 'x-session-id': 'visitor-sara-abcdef' };
    expect((await post({ authorName: 'سارا', content: 'اول', ...solved() }, visitor, '10.2.1.1')).statusCode).toBe(201);
    // The same visitor from another address (a phone moving between networks) is still one visitor.
    const second = await post({ authorName: 'سارا', content: 'دوم', ...solved() }, visitor, '10.2.1.2');
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(15);
    expect(second.json()).toMatchObject({ error: 'rate_limited' });

    const byIp = (ip: string, content: string) => t.app.inject({ method: 'POST', url: `/api/articles/${articleId}/comments`, remoteAddress: ip, payload: { authorName: 'بی‌نشست', content, ...solved() } });
    expect((await byIp('10.2.0.1', 'یک')).statusCode).toBe(201);
    expect((await byIp('10.2.0.1', 'دو')).statusCode).toBe(429);
    expect((await byIp('10.2.0.2', 'سه')).statusCode).toBe(201);
  });
});

describe('comments per address', () => {
  const fromAddress = (ip: string, sessionId: string, content: string) =>
    post({ authorName: 'سیل', content, ...solved() }, { 'x-session-id': sessionId }, ip);

  it('stores only a few of 30 comments sent at once from one address with 30 session ids', async () => {
    const burst = await Promise.all(Array.from({ length: 30 }, (_v, i) => fromAddress('10.3.0.1', `flood-${i}-abcdef`, `نظر شماره ${i}`)));
    const created = burst.filter((r) => r.statusCode === 201);
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(created).toHaveLength(ADDRESS_BUDGETS[0].max);
    expect(refused).toHaveLength(30 - ADDRESS_BUDGETS[0].max);
    expect(refused[0].json()).toEqual({ error: 'rate_limited', message: 'از این نشانی در مدت کوتاهی نظرهای زیادی فرستاده شده است؛ لطفاً کمی بعد دوباره تلاش کنید' });
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused[0].headers['retry-after'])).toBeLessThanOrEqual(60);
    const stored = await t.database.db.select().from(comments).where(eq(comments.authorName, 'سیل'));
    expect(stored).toHaveLength(ADDRESS_BUDGETS[0].max);
    expect(new Set(stored.map((r) => r.visitorId)).size).toBe(ADDRESS_BUDGETS[0].max);

    // Another address is not affected, and a new session id does not help the first one.
    expect((await fromAddress('10.3.0.2', 'neighbour-1-abcdef', 'از خانه‌ای دیگر')).statusCode).toBe(201);
    expect((await fromAddress('10.3.0.1', 'flood-new-abcdef', 'باز هم')).statusCode).toBe(429);
  });

  it('never asks a visitor or an address to wait longer than the window', async () => {
    // Requests read the clock before they wait for the locks, so one sent a moment later can
    // store its comment first, stamped after the waiting request's clock.
    const later = new Date(Date.now() + 3_000);
    const ip = '10.3.0.4';
    await t.database.db.insert(comments).values(Array.from({ length: ADDRESS_BUDGETS[0].max }, (_v, i) => ({
      articleId, authorName: 'زودتر', content: `نظر ${i}`, visitorId: `early-${i}`,
      ipHash: hashIp(ip, t.config.sessionSecret), createdAt: later,
    })));
    const byAddress = await fromAddress(ip, 'early-new-abcdef', 'یکی دیگر');
    expect(byAddress.statusCode).toBe(429);
    expect(Number(byAddress.headers['retry-after'])).toBe(ADDRESS_BUDGETS[0].windowMs / 1000);

    await t.database.db.insert(comments).values({
      articleId, authorName: 'زودتر', content: 'پیشین', visitorId: 'visitor-early-abcdef',
      ipHash: hashIp('10.3.0.5', t.config.sessionSecret), createdAt: later,
    });
    const byVisitor = await fromAddress('10.3.0.6', 'visitor-early-abcdef', 'دوباره');
    expect(byVisitor.statusCode).toBe(429);
    expect(Number(byVisitor.headers['retry-after'])).toBe(15);
  });

  it('limits an address over the hour too', async () => {
    const ip = '10.3.0.3';
    const now = Date.now();
    await t.database.db.insert(comments).values(Array.from({ length: ADDRESS_BUDGETS[1].max }, (_v, i) => ({
      articleId, authorName: 'پرکار', content: `نظر ${i}`, visitorId: `busy-${i}`,
      ipHash: hashIp(ip, t.config.sessionSecret), createdAt: new Date(now - 50 * 60_000 + i * 60_000),
    })));
    const res = await fromAddress(ip, 'busy-new-abcdef', 'یکی دیگر');
    expect(res.statusCode).toBe(429);
    // The oldest of them leaves the hour in about ten minutes.
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(9 * 60);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(10 * 60);
  });
});
