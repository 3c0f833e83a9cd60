// An app for the newsletter's mail tests: the real app with its worker, a real SMTP server as the
// mail service, an admin's request headers, the digest's schedule off (tests send on demand), and
// factories for subscribers and ranked articles.
import type { LightMyRequestResponse } from 'fastify';
import { newsletterSubscribers, settings, type Database } from '@chapar/db';
import { DEFAULT_DIGEST_SCHEDULE } from '@chapar/shared/contracts';
import type { Config } from '../src/config.ts';
import { createArticle } from './factories.ts';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from './test-app.ts';

export const TEST_BASE_URL = 'https://chapar.test';

export interface NewsletterTestApp extends TestApp {
  smtp: SmtpTestServer;
  headers: { cookie: string; 'x-csrf-token': string };
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: object): Promise<LightMyRequestResponse>;
}

/** The schedule as a test wants it; off by default, so no cron fires in the middle of a test. */
export async function setSchedule(database: Database, overrides: Partial<typeof DEFAULT_DIGEST_SCHEDULE> = {}): Promise<void> {
  const value = { ...DEFAULT_DIGEST_SCHEDULE, enabled: false, ...overrides };
  await database.db.insert(settings).values({ key: 'newsletter.schedule', value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

/** `mail`: the mail settings over the defaults (the test SMTP server, 1.5 s a message, no pacing). */
export async function buildNewsletterTestApp(overrides: Partial<Config> = {}, mail: (smtp: SmtpTestServer) => Partial<Config['mail']> = () => ({})): Promise<NewsletterTestApp> {
  const smtp = await startSmtpTestServer();
  const base = await buildTestApp({
    seed: (database) => setSchedule(database),
    config: {
      worker: true, jobRetryDelaySeconds: 1, publicBaseUrl: TEST_BASE_URL,
      mail: { url: smtp.url, from: 'چاپار <news@chapar.test>', timeoutMs: 1500, maxPerMinute: 6000, ...mail(smtp) },
      ...overrides,
    },
  });
  const { cookie, csrfToken } = await loginAsAdmin(base.app);
  const headers = { cookie, 'x-csrf-token': csrfToken };
  return {
    ...base,
    smtp,
    headers,
    get: (url) => base.app.inject({ method: 'GET', url, headers }),
    post: (url, payload) => base.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) }),
    close: async () => { await base.close(); await smtp.close(); },
  };
}

/** A subscriber whose owner has confirmed (or, with overrides, one who has not, or left). */
export async function addSubscriber(database: Database, email: string, overrides: Partial<typeof newsletterSubscribers.$inferInsert> = {}) {
  const [row] = await database.db.insert(newsletterSubscribers).values({ email, confirmedAt: new Date(), ...overrides }).returning();
  return row;
}

/** Published articles of the last hours, most viewed first in `titles` order. */
export async function addRankedArticles(database: Database, titles: string[]) {
  const now = Date.now();
  const rows = [];
  for (const [i, title] of titles.entries()) {
    rows.push(await createArticle(database, {
      title, views: 1000 - i * 10, status: 'published', publishedAt: new Date(now - (i + 1) * 3_600_000),
      imageUrl: i === 0 ? '/media/2026/first.jpg' : null, excerpt: `خلاصه ${title}`,
    }));
  }
  return rows;
}

/** Polls until `check` holds (a job's effect), or fails naming what it waited for. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
