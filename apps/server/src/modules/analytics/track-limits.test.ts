import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { analyticsEvents, articles, settings } from '@chapar/db';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';
import { ADDRESS_BUDGETS, BUDGET_KEY_PREFIX, sweepSpentBudgets, takeFromAddressBudget } from './address-budget.ts';

let t: TestApp;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

const randomSession = () => `inflate-${randomUUID()}`;
const randomAddress = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
const track = (payload: Record<string, unknown>, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/analytics/track', payload, headers: { 'user-agent': BROWSER, ...headers }, remoteAddress });
const views = async (id: number) => (await t.database.db.select({ v: articles.views }).from(articles).where(eq(articles.id, id)))[0].v;
const events = (articleId: number, event: string) =>
  t.database.db.select().from(analyticsEvents).where(and(eq(analyticsEvents.articleId, articleId), eq(analyticsEvents.event, event)));

/** `count` events, each with a fresh session id and a made-up X-Forwarded-For, all from one address. */
async function flood(articleId: number, event: string, count: number, remoteAddress: string, value?: string) {
  const answers = [];
  for (let i = 0; i < count; i++) {
    answers.push(await track({ articleId, event, value, sessionId: randomSession() }, remoteAddress, { 'x-forwarded-for': randomAddress() }));
  }
  return answers;
}
const recordedCount = (answers: Array<{ json(): unknown }>) => answers.filter((r) => (r.json() as { recorded: boolean }).recorded).length;

describe('views per address', () => {
  it('stops counting views from one address past its budget, whatever session ids and X-Forwarded-For it sends', async () => {
    const { id } = await createArticle(t.database, { views: 8 });
    const budget = ADDRESS_BUDGETS.view[0].max;
    const answers = await flood(id, 'view', budget + 20, '10.40.0.1');
    // A beacon: every answer is the usual 202, the ones past the budget just say "not recorded".
    expect(answers.every((r) => r.statusCode === 202)).toBe(true);
    expect(recordedCount(answers)).toBe(budget);
    expect(await views(id)).toBe(8 + budget);
    expect(await events(id, 'view')).toHaveLength(budget);

    // A reader at another address still counts.
    expect((await track({ articleId: id, event: 'view', sessionId: randomSession() }, '10.40.0.2')).json()).toEqual({ recorded: true });
    expect(await views(id)).toBe(9 + budget);
  });

  it('limits the 30-second repeat the same way, and repeats by one session take nothing from the budget', async () => {
    const { id } = await createArticle(t.database);
    const budget = ADDRESS_BUDGETS.view_30s[0].max;
    // One reader opening the article many times is one view and spends one slot.
    for (let i = 0; i < budget + 5; i++) await track({ articleId: id, event: 'view', sessionId: 'one-reader-1234' }, '10.41.0.1');
    expect(await views(id)).toBe(1);
    expect(recordedCount(await flood(id, 'view', 5, '10.41.0.1'))).toBe(5);

    const answers = await flood(id, 'view_30s', budget + 10, '10.41.0.1');
    expect(answers.every((r) => r.statusCode === 202)).toBe(true);
    expect(recordedCount(answers)).toBe(budget);
    expect(await events(id, 'view_30s')).toHaveLength(budget);
  });

  it('records exactly the budget of a burst sent all at once', async () => {
    const { id } = await createArticle(t.database, { views: 0 });
    const budget = ADDRESS_BUDGETS.view[0].max;
    const answers = await Promise.all(Array.from({ length: budget + 20 }, () => track({ articleId: id, event: 'view', sessionId: randomSession() }, '10.47.0.1')));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 202));
    expect(recordedCount(answers)).toBe(budget);
    expect(await views(id)).toBe(budget);
  });

  it('lets tens of readers a minute from one shared address all count', async () => {
    const { id } = await createArticle(t.database, { views: 0 });
    const readers = Array.from({ length: 40 }, (_v, i) => `office-reader-${i}-abc`);
    for (const sessionId of readers) {
      expect((await track({ articleId: id, event: 'view', sessionId }, '10.42.0.1')).json()).toEqual({ recorded: true });
      expect((await track({ articleId: id, event: 'view_30s', sessionId }, '10.42.0.1')).json()).toEqual({ recorded: true });
    }
    expect(await views(id)).toBe(40);
  });
});

describe('shares', () => {
  it('counts a share once per session, article and network', async () => {
    const { id } = await createArticle(t.database);
    const share = (value: string, sessionId = 'sharing-reader-1') => track({ articleId: id, event: 'share', value, sessionId }, '10.43.0.1');
    const first = await share('telegram');
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ recorded: true });
    for (let i = 0; i < 99; i++) expect((await share('telegram')).json()).toEqual({ recorded: false });
    expect((await share('whatsapp')).json()).toEqual({ recorded: true });
    expect((await share('telegram', 'sharing-reader-2')).json()).toEqual({ recorded: true });
    expect(await events(id, 'share')).toHaveLength(3);
    // A double click sends the same share twice at once: still one.
    const twice = await Promise.all(Array.from({ length: 10 }, () => share('copy', 'sharing-reader-3')));
    expect(recordedCount(twice)).toBe(1);
    expect(await events(id, 'share')).toHaveLength(4);

    const { cookie } = await loginAsAdmin(t.app);
    const dashboard = await t.app.inject({ method: 'GET', url: `/api/analytics/dashboard?articleId=${id}`, headers: { cookie } });
    expect(dashboard.json()).toMatchObject({ totalShares: 4 });
  });

  it('stops counting shares from one address past its budget; another address still counts', async () => {
    const { id } = await createArticle(t.database);
    const budget = ADDRESS_BUDGETS.share[0].max;
    const answers = await flood(id, 'share', budget + 10, '10.44.0.1', 'copy');
    expect(answers.every((r) => r.statusCode === 202)).toBe(true);
    expect(recordedCount(answers)).toBe(budget);
    expect(await events(id, 'share')).toHaveLength(budget);
    expect((await track({ articleId: id, event: 'share', value: 'copy', sessionId: randomSession() }, '10.44.0.2')).json()).toEqual({ recorded: true });
  });

  it('limits bookmark events per address too (they count as visitors on the dashboard)', async () => {
    const { id } = await createArticle(t.database);
    const budget = ADDRESS_BUDGETS.bookmark[0].max;
    expect(recordedCount(await flood(id, 'bookmark_add', budget + 5, '10.45.0.1'))).toBe(budget);
    expect(await events(id, 'bookmark_add')).toHaveLength(budget);
  });
});

describe('address budgets', () => {
  const db = () => t.database.db;

  it('has room again once a window has passed, and the hour budget holds across minutes', async () => {
    const [minute, hour] = ADDRESS_BUDGETS.rating;
    const start = Date.UTC(2030, 0, 1, 12);
    const hash = 'a'.repeat(64);
    let taken = 0;
    for (let m = 0; taken < hour.max; m++) {
      for (let i = 0; i < minute.max && taken < hour.max; i++, taken++) {
        expect(await takeFromAddressBudget(db(), 'rating', hash, start + m * 61_000)).toBe(0);
      }
      if (taken < hour.max) {
        // The minute is full: wait until its first slot leaves.
        const wait = await takeFromAddressBudget(db(), 'rating', hash, start + m * 61_000 + 10_000);
        expect(wait).toBe(50);
      }
    }
    // Every minute slot free, the hour spent: the wait runs to the end of the hour.
    const afterMinutes = start + Math.ceil(hour.max / minute.max) * 61_000;
    const wait = await takeFromAddressBudget(db(), 'rating', hash, afterMinutes);
    expect(wait).toBe(Math.ceil((start + hour.windowMs - afterMinutes) / 1000));
    expect(await takeFromAddressBudget(db(), 'rating', hash, start + hour.windowMs + 1)).toBe(0);
    // Another address and another kind have their own budgets.
    expect(await takeFromAddressBudget(db(), 'rating', 'b'.repeat(64), afterMinutes)).toBe(0);
    expect(await takeFromAddressBudget(db(), 'share', hash, afterMinutes)).toBe(0);
  });

  it('keeps only a keyed hash of the address, and sweeps counters whose windows have ended', async () => {
    await track({ articleId: (await createArticle(t.database)).id, event: 'view', sessionId: randomSession() }, '10.46.0.1');
    const rows = await db().select().from(settings).where(like(settings.key, `${BUDGET_KEY_PREFIX}%`));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.key.includes('10.46'))).toBe(false);
    expect(await sweepSpentBudgets(db(), Date.now())).toBe(0);
    expect(await sweepSpentBudgets(db(), Date.UTC(2031, 0, 1))).toBe(rows.length);
    expect(await db().select().from(settings).where(like(settings.key, `${BUDGET_KEY_PREFIX}%`))).toHaveLength(0);
  });
});
