import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@chapar/db/testing';
import { seedCategories } from '@chapar/db/seed';
import type { Database } from '@chapar/db';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { checkChannelsWorker } from '../../jobs/check-channels.ts';
import { TEST_ADMIN, loginAsAdmin } from '../../../testing/test-app.ts';
import { ensureInitialAdmin } from '../auth/service.ts';
import { operationReporter } from '../operations/operation-reporter.ts';
import { startChannelServer, type ChannelServer } from '../../../testing/channel-server.ts';
import { nextScheduledCheck } from './service.ts';

let database: Database;
let server: ChannelServer;

/** The app as a restart would build it: same database, fresh process state. */
async function start() {
  const app = await buildApp({
    database, ssr: false,
    config: testConfig({
      worker: true, monitorAutostart: true, telegramWebBaseUrl: server.baseUrl, jobRetryDelaySeconds: 1,
      channels: [{ role: 'primary', username: 'missing_chan' }, { role: 'secondary', username: 'akhbar_rooz' }],
    }),
  });
  await app.ready();
  const { cookie, csrfToken } = await loginAsAdmin(app);
  const headers = { cookie, 'x-csrf-token': csrfToken };
  return {
    app,
    get: async (url: string) => (await app.inject({ method: 'GET', url, headers })).json() as Record<string, unknown>,
    post: (url: string) => app.inject({ method: 'POST', url, headers }),
  };
}

beforeAll(async () => {
  server = await startChannelServer();
  database = await openTestDatabase();
  await seedCategories(database);
  await ensureInitialAdmin(database.db, TEST_ADMIN);
});
afterAll(async () => {
  await database?.close();
  await server?.close();
});

describe('the auto-monitor', () => {
  it('reports its state, and start/stop survive a restart', async () => {
    const first = await start();
    const status = await first.get('/api/admin/auto-monitor/status');
    expect(status).toMatchObject({ isMonitoring: true, activeChannels: 2, intervalMinutes: 10, lastResults: { newPosts: 0, processedPosts: 0, lastCheck: null, success: true, errors: [] } });
    const next = Date.parse(String(status.nextCheck));
    expect(next - Date.now()).toBeGreaterThan(0);
    expect(next - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const schedules = await database.raw.query<{ cron: string }>("select cron from pgboss.schedule where name = 'check-channels'");
    expect(schedules.rows.map((r) => r.cron)).toEqual(['*/10 * * * *']);

    expect((await (await first.post('/api/admin/auto-monitor/stop')).json()).status).toMatchObject({ isMonitoring: false, nextCheck: null });
    await first.app.close();

    const second = await start();
    expect(await second.get('/api/admin/auto-monitor/status')).toMatchObject({ isMonitoring: false });
    // A scheduled run while stopped does nothing.
    const skipped = await checkChannelsWorker.handler({ trigger: 'schedule' }, {
      services: second.app.ingest, job: { id: 'x', retryCount: 0, finalAttempt: true }, operation: operationReporter(database.db, null, second.app.ingest.log),
    });
    expect(skipped).toEqual({ skipped: 'monitor stopped' });
    expect((await (await second.post('/api/admin/auto-monitor/start')).json()).status).toMatchObject({ isMonitoring: true });
    await second.app.close();
  });

  it('checks now: an unreachable channel is reported, the other still goes through', async () => {
    const site = await start();
    const res = await site.post('/api/admin/auto-monitor/force-check');
    const body = res.json() as { success: boolean; message: string; result: { newPosts: number; processedPosts: number; errors: string[] } };
    expect(body.success).toBe(false);
    expect(body.result.newPosts).toBe(18);
    expect(body.result.processedPosts).toBe(18);
    expect(body.result.errors).toEqual([expect.stringMatching(/^\u2066@missing_chan\u2069: کانال پیش‌نمایش عمومی ندارد/)]);
    const status = await site.get('/api/admin/auto-monitor/status');
    expect(status.isMonitoring).toBe(true); // checking now does not change the running state
    expect(status.lastResults).toMatchObject({ newPosts: 18, processedPosts: 18, success: false, errors: body.result.errors });

    const health = await site.get('/api/admin/system/health') as { overall: string; services: Array<{ id: string; status: string; error: string | null }> };
    expect(health.overall).toBe('degraded');
    expect(health.services.find((s) => s.id === 'channel:primary')).toMatchObject({ status: 'down' });
    expect(health.services.find((s) => s.id === 'channel:secondary')).toMatchObject({ status: 'healthy', error: null });
    expect(health.services.find((s) => s.id === 'database')).toMatchObject({ status: 'healthy' });
    expect(health.services.find((s) => s.id === 'ai')).toMatchObject({ status: 'degraded' });
    expect(health.services.map((s) => s.id)).toEqual(['database', 'ai', 'speech', 'storage', 'telegram-proxy', 'mail', 'podcast-feed', 'channel:primary', 'channel:secondary']);
    await site.app.close();
  });

  it('reports a channel whose page shows no post, though it had posts, as a failure that changes nothing', async () => {
    const site = await start();
    const published = async () => (await database.raw.query<{ n: number }>("select count(*)::int as n from articles where source = 'akhbar_rooz' and status = 'published'")).rows[0].n;
    const before = await published();
    expect(before).toBeGreaterThan(0);
    server.blank(true);
    try {
      const body = (await site.post('/api/admin/auto-monitor/force-check')).json() as { success: boolean; message: string; result: { newPosts: number; errors: string[] } };
      expect(body.success).toBe(false);
      expect(body.result.newPosts).toBe(0);
      expect(body.result.errors).toContain('\u2066@akhbar_rooz\u2069: صفحهٔ کانال هیچ پستی نشان نداد، هرچند پیش‌تر پست داشت؛ چیزی تغییر نکرد و بررسی بعدی دوباره امتحان می‌کند');
      expect(await published()).toBe(before);
      const health = await site.get('/api/admin/system/health') as { services: Array<{ id: string; status: string }> };
      expect(health.services.find((s) => s.id === 'channel:secondary')?.status).not.toBe('healthy');
      // The channels tab's check of each channel says the same, not «در دسترس».
      const validated = (await site.post('/api/admin/validate-channels')).json() as { success: boolean; results: Array<{ username: string; reachable: boolean; error: string | null }> };
      expect(validated.success).toBe(false);
      expect(validated.results.find((r) => r.username === 'akhbar_rooz')).toMatchObject({ reachable: false, error: 'صفحهٔ کانال هیچ پستی نشان نداد، هرچند پیش‌تر پست داشت' });
    } finally {
      server.blank(false);
    }
    await site.app.close();
  });

  it('applies the secondary channel\'s cleaning rules to its articles, under its own name', async () => {
    const site = await start();
    const { rows } = await database.raw.query<{ id: number; content: string }>("select id, content from articles where telegram_id = 101");
    const dirty = `${rows[0].content}<p>🆔 @akhbar_rooz</p><p>عضو کانال ما شوید: https://t.me/akhbar_rooz</p>`;
    await database.raw.query('update articles set content = $1 where id = $2', [dirty, rows[0].id]);
    const one = await site.post(`/api/admin/clean-akhbar_rooz-article/${rows[0].id}`);
    expect(one.json()).toMatchObject({ success: true, result: { updated: 1 } });
    const after = (await database.raw.query<{ content: string }>('select content from articles where id = $1', [rows[0].id])).rows[0].content;
    expect(after).toBe(rows[0].content);
    // Every article of the channel is looked at; the plan is exact: with none to clean it ends at once.
    const clean = (await site.post('/api/admin/clean-all-akhbar_rooz-articles')).json() as { status: string; operationId: number; plan: { changes: number; looked: number; exact: boolean } };
    expect(clean).toMatchObject({ status: 'success', plan: { changes: 0, looked: 17, exact: true } });
    // One made dirty again: the plan names exactly it, and the confirmed run cleans exactly it.
    await database.raw.query('update articles set content = $1 where id = $2', [dirty, rows[0].id]);
    const plan = (await site.post('/api/admin/clean-all-akhbar_rooz-articles')).json() as {
      status: string; operationId: number; plan: { changes: number; looked: number; exact: boolean; items: Array<{ articleId: number; change: string }> };
    };
    expect(plan).toMatchObject({ status: 'awaiting', plan: { changes: 1, looked: 17, exact: true } });
    expect(plan.plan.items.filter((i) => i.change !== 'unchanged').map((i) => [i.articleId, i.change])).toEqual([[rows[0].id, 'rewrite']]);
    const all = await site.post(`/api/admin/operations/${plan.operationId}/confirm`);
    expect(all.json()).toMatchObject({ success: true, result: { total: 1, updated: 1 } });
    expect((await database.raw.query<{ content: string }>('select content from articles where id = $1', [rows[0].id])).rows[0].content).toBe(rows[0].content);
    await site.app.close();
  });
});

describe('the admin guard', () => {
  it('covers the routes named after the configured secondary channel too', async () => {
    const site = await start();
    const routes = site.app.routeTable.filter((r) => r.url.startsWith('/api/admin/clean-'));
    expect(routes.map((r) => r.url).sort()).toEqual(['/api/admin/clean-akhbar_rooz-article/:id', '/api/admin/clean-all-akhbar_rooz-articles']);
    for (const { method, url } of routes) {
      const res = await site.app.inject({ method: method as 'POST', url: url.replace(':id', '1'), payload: {} });
      expect(res.statusCode).toBe(401);
    }
    await site.app.close();
  });
});

describe('nextScheduledCheck', () => {
  it.each([
    ['2026-11-21T10:03:20Z', 10, '2026-11-21T10:10:00.000Z'],
    ['2026-11-21T10:50:00Z', 10, '2026-11-21T11:00:00.000Z'],
    ['2026-11-21T23:59:59Z', 15, '2026-11-22T00:00:00.000Z'],
    ['2026-11-21T10:00:00Z', 60, '2026-11-21T11:00:00.000Z'],
  ])('after %s every %i min is %s', (now, every, expected) => {
    expect(nextScheduledCheck(new Date(now), every).toISOString()).toBe(expected);
  });
});
