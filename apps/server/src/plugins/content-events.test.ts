import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { createArticle } from '../../testing/factories.ts';
import { announceContentChanged, CONTENT_CHANNEL } from './content-events.ts';

// A worker process publishes through the database and announces it there; this web process
// must drop its cached pages and reads when it hears of it, not serve them until they expire.
describe('content changes announced by other processes', () => {
  let t: TestApp;
  const OTHER_PROCESS = 'worker-process-under-test';

  beforeAll(async () => {
    t = await buildTestApp({
      ssr: true,
      config: { pageCacheTtlMs: 600_000, readCacheTtlMs: 600_000 },
      seed: async (database) => { await createArticle(database, { title: 'نخستین خبر پیش از انتشار تازه' }); },
    });
  });
  afterAll(() => t?.close());

  const home = async () => (await t.app.inject({ method: 'GET', url: '/' })).body;
  const list = async () => (await t.app.inject({ method: 'GET', url: '/api/articles?page=1&limit=6' })).body;
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100; i++) {
      if (await check()) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  };

  /** Writes as another process would: straight to the database, then the announcement. */
  const publishElsewhere = async (title: string) => {
    await createArticle(t.database, { title });
    await announceContentChanged(t.database, OTHER_PROCESS);
  };

  it('drops cached pages and reads when another process announces a change', async () => {
    expect(await home()).toContain('نخستین خبر پیش از انتشار تازه');
    await list();
    // Written without an announcement, the new article stays out of the cached answers…
    await createArticle(t.database, { title: 'خبری که بی‌اعلام نوشته شد' });
    expect(await home()).not.toContain('خبری که بی‌اعلام نوشته شد');
    expect(await list()).not.toContain('خبری که بی‌اعلام نوشته شد');
    // …and an announcement from elsewhere brings it (and everything since) in.
    await publishElsewhere('خبر تازه از فرایند کارگر');
    expect(await until(async () => (await home()).includes('خبر تازه از فرایند کارگر'))).toBe(true);
    expect(await home()).toContain('خبری که بی‌اعلام نوشته شد');
    expect(await list()).toContain('خبر تازه از فرایند کارگر');
  });

  it('announces its own changes for the other processes', async () => {
    const heard: string[] = [];
    const stop = await t.database.listen(CONTENT_CHANNEL, (payload) => heard.push(payload));
    try {
      t.app.contentChanged();
      expect(await until(async () => heard.length > 0)).toBe(true);
      expect(heard[0]).not.toBe(OTHER_PROCESS);
      expect(heard[0]).not.toBe('');
    } finally {
      await stop();
    }
  });

  // PostgreSQL only (the PostgreSQL run of the suite): embedded PGlite has no connection to lose.
  if (process.env.TEST_DATABASE_URL) it('listens again after losing its connection, and drops caches then', async () => {
    await home();
    await createArticle(t.database, { title: 'خبری که هنگام قطع اتصال رسید' });
    const { rows } = await t.database.raw.query<{ ended: boolean }>(
      "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'");
    expect(rows.length).toBeGreaterThan(0);
    // What was written while the connection was down shows once it is back.
    expect(await until(async () => (await home()).includes('خبری که هنگام قطع اتصال رسید'))).toBe(true);
    // And announcements are heard again.
    await publishElsewhere('خبر پس از وصل دوباره');
    expect(await until(async () => (await home()).includes('خبر پس از وصل دوباره'))).toBe(true);
  });
});
