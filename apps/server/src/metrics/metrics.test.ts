// /metrics as Prometheus reads it: parsed by a text-format parser, each named figure moving
// when its event happens; closed without the token, absent without METRICS_TOKEN.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import parsePrometheusTextFormat, { type MetricFamily, type Sample } from 'parse-prometheus-text-format';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { buildIngestTestApp, type IngestTestApp } from '../../testing/ingest-test-app.ts';
import { createArticle } from '../../testing/factories.ts';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../testing/fake-openai-server.ts';
import { startSmtpTestServer, type SmtpTestServer } from '../../testing/smtp-test-server.ts';
import { createMailer } from '../integrations/mail/index.ts';
import { startMetricsServer } from './endpoint.ts';
import { pushSends, registry } from './registry.ts';

const TOKEN = 'metrics-token-for-tests';
const auth = { authorization: `Bearer ${TOKEN}` };

let web: TestApp;
let base = '';
let ingest: IngestTestApp;
let ai: FakeOpenAiServer;
let smtp: SmtpTestServer;

beforeAll(async () => {
  ai = await startFakeOpenAi();
  // A refused key: the offline rewriter stands in at once (no retries to wait for).
  ai.script({ status: 401, body: { error: { message: 'bad key' } } });
  smtp = await startSmtpTestServer();
  web = await buildTestApp({
    ssr: true,
    config: { metricsToken: TOKEN, pageCacheTtlMs: 60_000, readCacheTtlMs: 60_000 },
    seed: async (database) => { await createArticle(database, { title: 'خبری برای شمارش آمار' }); },
  });
  await web.app.listen({ host: '127.0.0.1', port: 0 });
  const address = web.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  ingest = await buildIngestTestApp({ metricsToken: TOKEN, jobSuperviseSeconds: 1, ai: { baseUrl: ai.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 5_000 } });
});
afterAll(async () => {
  await web?.close();
  await ingest?.close();
  await ai?.close();
  await smtp?.close();
});

async function scrape(): Promise<Map<string, MetricFamily>> {
  const res = await fetch(`${base}/metrics`, { headers: auth });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  const families = parsePrometheusTextFormat(await res.text());
  return new Map(families.map((f) => [f.name, f]));
}

const matches = (sample: Sample, labels: Record<string, string>) => Object.entries(labels).every(([k, v]) => sample.labels?.[k] === v);

/** A counter's or gauge's value, summed over the samples with the labels. */
function value(families: Map<string, MetricFamily>, name: string, labels: Record<string, string> = {}): number {
  const family = families.get(name);
  if (!family) return 0;
  return family.metrics.filter((m) => matches(m, labels)).reduce((sum, m) => sum + Number(m.value), 0);
}

/**
 * A histogram's observations with the labels. The parser folds a labelled histogram's series
 * into one, so the count is read from prom-client's registry (the same figures it printed).
 */
async function observations(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = registry.getSingleMetric(name);
  if (!metric) return 0;
  const { values } = (await metric.get()) as { values: Array<{ metricName?: string; labels: Record<string, string | number>; value: number }> };
  return values.filter((v) => v.metricName === `${name}_count` && Object.entries(labels).every(([k, l]) => v.labels[k] === l)).reduce((sum, v) => sum + v.value, 0);
}

async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the metrics endpoint', () => {
  it('answers 401 without the token or with a wrong one, and 404 where METRICS_TOKEN is unset', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: TOKEN } })).status).toBe(401);
    const closed = await buildTestApp({ config: { metricsToken: undefined } });
    try {
      expect((await closed.app.inject({ url: '/metrics', headers: auth })).statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('counts requests by route and status, their duration, page renders and both page caches', async () => {
    const before = await scrape();
    const [durationsBefore, rendersBefore] = [await observations('chapar_http_request_duration_seconds', { route: '/api/categories' }), await observations('chapar_page_render_duration_seconds')];
    expect((await fetch(`${base}/api/categories`)).status).toBe(200);
    expect((await fetch(`${base}/api/articles/999999`)).status).toBe(404);
    expect((await fetch(`${base}/`)).headers.get('x-page-cache')).toBe('MISS');
    // The second read of the home page is written by the hot cache before routing.
    expect((await fetch(`${base}/`)).headers.get('x-page-cache')).toBe('HIT');
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => value(after, name, labels) - value(before, name, labels);
    expect(delta('chapar_http_requests_total', { route: '/api/categories', status_code: '200', method: 'GET' })).toBe(1);
    expect(delta('chapar_http_requests_total', { route: '/api/articles/:id', status_code: '404' })).toBe(1);
    expect(delta('chapar_http_requests_total', { route: 'hot-cache', status_code: '200' })).toBe(1);
    expect(after.get('chapar_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(after.get('chapar_page_render_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(await observations('chapar_http_request_duration_seconds', { route: '/api/categories' }) - durationsBefore).toBe(1);
    expect(await observations('chapar_page_render_duration_seconds') - rendersBefore).toBeGreaterThanOrEqual(1);
    expect(delta('chapar_page_cache_requests_total', { layer: 'page', result: 'miss' })).toBe(1);
    expect(delta('chapar_page_cache_requests_total', { layer: 'hot', result: 'hit' })).toBe(1);
    // The default process figures come along, under the same prefix.
    expect(value(after, 'chapar_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts ingest outcomes and AI fallbacks when posts are processed with the AI refusing', async () => {
    const before = await scrape();
    const res = await ingest.post('/api/admin/process-post', { postId: 102 });
    expect(res.statusCode).toBe(200);
    const after = await scrape();
    expect(value(after, 'chapar_ingest_posts_total', { outcome: 'created' }) - value(before, 'chapar_ingest_posts_total', { outcome: 'created' })).toBe(1);
    expect(value(after, 'chapar_ai_fallbacks_total') - value(before, 'chapar_ai_fallbacks_total')).toBe(1);
  });

  it('reports queue depths from pg-boss, and mail and push sends', async () => {
    // A job for later waits in its queue: pg-boss's monitor counts it within a second or so.
    const boss = await ingest.app.ingest.jobs.instance();
    await boss.send('fetch-posts', { source: 'akhbar_rooz', ids: [1] }, { startAfter: 3600 });
    await until(async () => value(await scrape(), 'chapar_job_queue_depth', { queue: 'fetch-posts', state: 'deferred' }) >= 1);

    const mailer = createMailer({ url: smtp.url, from: 'news@example.com', timeoutMs: 5_000, maxPerMinute: 6000 })!;
    const before = await scrape();
    await mailer.send({ to: 'reader@example.com', subject: 'آزمون', text: 'متن' });
    smtp.refused.add('gone@example.com');
    await expect(mailer.send({ to: 'gone@example.com', subject: 'آزمون', text: 'متن' })).rejects.toThrow();
    pushSends.inc({ result: 'sent' });
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => value(after, name, labels) - value(before, name, labels);
    expect(delta('chapar_mail_sends_total', { result: 'sent' })).toBe(1);
    expect(delta('chapar_mail_sends_total', { result: 'failed' })).toBe(1);
    expect(delta('chapar_push_sends_total', { result: 'sent' })).toBe(1);
  });

  it('the Grafana dashboard in docs/ asks only for figures the registry has', async () => {
    const dashboard = await readFile(new URL('../../../../docs/grafana-dashboard.json', import.meta.url), 'utf8');
    const asked = new Set([...dashboard.matchAll(/\bchapar_\w+/g)].map(([name]) => name.replace(/_(bucket|sum|count)$/, '')));
    const known = new Set((await registry.getMetricsAsJSON()).map((m) => m.name));
    expect(asked.size).toBeGreaterThanOrEqual(10);
    expect([...asked].filter((name) => !known.has(name))).toEqual([]);
  });

  it('a worker serves the same figures on a port of its own, behind the same token', async () => {
    const server = await startMetricsServer({ host: '127.0.0.1', port: 0, token: TOKEN });
    try {
      const address = server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      expect((await fetch(`${url}/other`, { headers: auth })).status).toBe(404);
      const res = await fetch(`${url}/metrics`, { headers: auth });
      expect(res.status).toBe(200);
      const names = parsePrometheusTextFormat(await res.text()).map((f) => f.name);
      expect(names).toEqual(expect.arrayContaining(['chapar_ingest_posts_total', 'chapar_job_queue_depth', 'chapar_mail_sends_total']));
    } finally {
      server.close();
    }
    const closed = await startMetricsServer({ host: '127.0.0.1', port: 0, token: undefined });
    const address = closed.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { headers: auth })).status).toBe(404);
    closed.close();
  });
});
