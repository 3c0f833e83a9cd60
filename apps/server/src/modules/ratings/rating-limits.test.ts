import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ratings } from '@chapar/db';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';
import { ADDRESS_BUDGETS } from '../analytics/address-budget.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

const FLOODED = 'از این نشانی در مدت کوتاهی امتیازهای زیادی ثبت شده است؛ لطفاً کمی بعد دوباره تلاش کنید';
const rate = (articleId: number, rating: number, sessionId: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/articles/${articleId}/rating`, payload: { rating }, headers: { 'x-session-id': sessionId, ...headers }, remoteAddress });
const stored = async (articleId: number) => t.database.db.select().from(ratings).where(eq(ratings.articleId, articleId));

describe('ratings per address', () => {
  it('refuses new ratings from one address past its budget with a Persian 429 and Retry-After, whatever session ids and X-Forwarded-For it sends', async () => {
    const { id } = await createArticle(t.database);
    const budget = ADDRESS_BUDGETS.rating[0].max;
    const answers = [];
    for (let i = 0; i < budget + 10; i++) {
      answers.push(await rate(id, 5, `inflate-${randomUUID()}`, '10.50.0.1', { 'x-forwarded-for': `198.51.100.${i + 1}` }));
    }
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(budget);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0].json()).toEqual({ error: 'rate_limited', message: FLOODED });
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused[0].headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await stored(id)).toHaveLength(budget);

    // A reader at another address still rates.
    const other = await rate(id, 2, 'reader-elsewhere-1', '10.50.0.2');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ totalRatings: budget + 1, userRating: 2 });
  });

  it('takes exactly the budget of a burst sent all at once', async () => {
    const { id } = await createArticle(t.database);
    const budget = ADDRESS_BUDGETS.rating[0].max;
    const answers = await Promise.all(Array.from({ length: budget + 10 }, () => rate(id, 5, `burst-${randomUUID()}`, '10.52.0.1')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(budget);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(10);
    expect(await stored(id)).toHaveLength(budget);
  });

  it('still lets a reader behind a spent address change the stars they already gave', async () => {
    const { id } = await createArticle(t.database);
    expect((await rate(id, 3, 'office-reader-1', '10.51.0.1')).statusCode).toBe(200);
    const budget = ADDRESS_BUDGETS.rating[0].max;
    for (let i = 1; i < budget; i++) expect((await rate(id, 4, `office-reader-${i + 1}`, '10.51.0.1')).statusCode).toBe(200);
    expect((await rate(id, 4, 'office-newcomer-1', '10.51.0.1')).statusCode).toBe(429);
    const changed = await rate(id, 1, 'office-reader-1', '10.51.0.1');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ totalRatings: budget, userRating: 1 });
  });
});
