import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../apps/server/testing/fake-openai-server.ts';
import { startSyntheticChannel, type SyntheticChannel } from '../../apps/server/testing/synthetic-channel.ts';
import { toAsciiDigits } from '@chapar/shared/text';
// @ts-expect-error: a plain ES module without type declarations
import { startCluster } from '../../scripts/cluster.mjs';
import { ADMIN, adminCall, captcha, comment, readers, signIn, timeUntil, wrongLogin, type AdminSession } from './cluster-client.ts';

// The production layout (scripts/cluster.mjs) on this machine: PostgreSQL, s3rver, two web
// processes and two workers behind nginx. What one process does, the others see; a limit holds
// for the site, not per process; a process killed loses nothing and fails no reader.

interface Proc { name: string; pid: number; port: number; url: string; child: import('node:child_process').ChildProcess; alive(): boolean }
interface Cluster { url: string; databaseUrl: string; webs: Proc[]; workers: Proc[]; nginxDir: string; stop(): Promise<void> }

const POSTS = 200;
const CONCURRENCY = 4;
let channel: SyntheticChannel;
let ai: FakeOpenAiServer;
let cluster: Cluster;
let db: pg.Client;
let owner: AdminSession;
const logs: string[] = [];

const postgresUrl = () => {
  const url = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url.toString();
};
const rows = async <T,>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];
const postId = (body: FakeOpenAiServer['requests'][number]['body']) =>
  Number(toAsciiDigits(/شمارهٔ\s*([0-9۰-۹]+)/.exec(body.messages?.at(-1)?.content ?? '')?.[1] ?? '0'));

beforeAll(async () => {
  channel = await startSyntheticChannel({ count: POSTS, pageSize: POSTS });
  ai = await startFakeOpenAi();
  // Each rewrite is held 100 ms, so the two workers' jobs overlap at the stand-in.
  ai.script({
    delayMs: 100,
    respond: (body) => {
      const id = postId(body);
      const text = `خبر شمارهٔ ${id} از کانال آزمایشی: گزارش روز ${id} دربارهٔ رویدادهای شهر و کشور`;
      return JSON.stringify({ title: `گزارش روز ${id} از رویدادهای شهر`, excerpt: text, content: `<p>${text}</p>`, category: 'Politics', keywords: [], metaDescription: text.slice(0, 140) });
    },
  });
  cluster = await startCluster({
    postgresUrl: postgresUrl(),
    env: {
      DEMO_CONTENT: 'false', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password,
      TELEGRAM_CHANNELS: `primary:${channel.channel}`, TELEGRAM_WEB_BASE_URL: channel.baseUrl,
      AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'cluster-key', AI_MODEL: 'cluster-model', AI_TIMEOUT_MS: '10000',
      MONITOR_AUTOSTART: 'false', PODCAST_AUTO: 'false', ADMIN_JOB_WAIT_SECONDS: '1',
      INGEST_CONCURRENCY: String(CONCURRENCY), JOB_HEARTBEAT_SECONDS: '10', JOB_SUPERVISE_SECONDS: '1', JOB_RETRY_DELAY_SECONDS: '1',
      READ_CACHE_TTL_MS: '30000', PAGE_CACHE_TTL_MS: '30000',
    },
    log: (name: string, line: string) => logs.push(`[${name}] ${line}`),
  }) as Cluster;
  db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  owner = await signIn(cluster.url);
}, 120_000);

afterAll(async () => {
  await db?.end();
  await cluster?.stop();
  await ai?.close();
  await channel?.close();
  if (logs.some((l) => /"level":(50|60)/.test(l))) console.log(logs.filter((l) => /"level":(50|60)/.test(l)).slice(0, 20).join('\n'));
}, 60_000);

describe('the production layout', () => {
  it('runs a burst of 200 ingest jobs once each across two workers, one killed -9 halfway, nothing lost', { timeout: 90_000 }, async () => {
    const check = await adminCall(cluster.url, owner, 'POST', '/api/admin/auto-monitor/force-check');
    expect([200, 202]).toContain(check.status);
    // More rewrites at once than one worker takes: both workers are at it. Then one dies.
    await timeUntil(async () => ai.peakConcurrency > CONCURRENCY && ai.requests.length >= POSTS / 4, 30_000);
    const [killed] = cluster.workers;
    killed.child.kill('SIGKILL');
    const doneBeforeKill = ai.requests.length;
    expect(doneBeforeKill).toBeLessThan(POSTS);

    const jobs = () => rows<{ key: string; state: string; retries: number }>(
      `select singleton_key as key, state, retry_count as retries from pgboss.job where name = 'ingest-post'`);
    await timeUntil(async () => {
      const all = await jobs();
      return all.length === POSTS && all.every((j) => j.state === 'completed');
    }, 60_000);

    // One job per post, each finished; only the ones the killed worker held ran again.
    const all = await jobs();
    expect(new Set(all.map((j) => j.key)).size).toBe(POSTS);
    const retried = all.filter((j) => j.retries > 0);
    expect(retried.length).toBeGreaterThan(0);
    expect(retried.length).toBeLessThanOrEqual(CONCURRENCY);
    // Every post became exactly one article, rewritten by the stand-in.
    const articles = await rows<{ telegram_id: number; n: number }>(
      'select telegram_id, count(*)::int as n from articles where source = $1 group by telegram_id', [channel.channel]);
    expect(articles).toHaveLength(POSTS);
    expect(articles.every((a) => a.n === 1)).toBe(true);
    const perPost = new Map<number, number>();
    for (const r of ai.requests) perPost.set(postId(r.body), (perPost.get(postId(r.body)) ?? 0) + 1);
    expect(perPost.size).toBe(POSTS);
    const twice = [...perPost].filter(([, n]) => n > 1);
    expect(twice.length).toBeLessThanOrEqual(CONCURRENCY);
    expect(twice.every(([, n]) => n === 2)).toBe(true);
    expect(cluster.workers[1].alive()).toBe(true);
  });

  it('serves an article published through one web process fresh from the other within a second', async () => {
    const [web1, web2] = cluster.webs;
    const [{ id }] = await rows<{ id: number }>('select id from articles where source = $1 order by id limit 1', [channel.channel]);
    const read = async () => fetch(`${web2.url}/api/articles/${id}`).then(async (r) => ({ status: r.status, title: r.ok ? (await r.json() as { title: string }).title : null }));
    expect((await read()).status).toBe(200);
    const session = await signIn(web1.url);

    expect((await adminCall(web1.url, session, 'POST', '/api/admin/articles/bulk', { action: 'unpublish', articleIds: [id] })).status).toBe(200);
    expect(await timeUntil(async () => (await read()).status === 404, 5_000)).toBeLessThan(1_000);

    expect((await adminCall(web1.url, session, 'PATCH', `/api/admin/articles/${id}`, { title: 'تیتر تازه از پردازهٔ نخست' })).status).toBe(200);
    expect((await adminCall(web1.url, session, 'POST', '/api/admin/articles/bulk', { action: 'publish', articleIds: [id] })).status).toBe(200);
    expect(await timeUntil(async () => (await read()).title === 'تیتر تازه از پردازهٔ نخست', 5_000)).toBeLessThan(1_000);
  });

  it('holds an admin session, the login limits and the comment budget across web processes', { timeout: 60_000 }, async () => {
    const [web1, web2] = cluster.webs;
    const status = async (base: string, s: AdminSession) => (await (await adminCall(base, s, 'GET', '/api/admin/status')).json() as { isAuthenticated: boolean }).isAuthenticated;
    // A session opened on one process is known to the other, and ended there for both.
    const session = await signIn(web1.url);
    expect(await status(web2.url, session)).toBe(true);
    expect((await adminCall(web2.url, session, 'POST', '/api/admin/logout')).status).toBe(200);
    expect(await status(web1.url, session)).toBe(false);

    // Five failures for one address and name, spread over both processes: the sixth is refused on either.
    for (let i = 0; i < 5; i++) expect((await wrongLogin([web1, web2][i % 2].url, '203.0.113.9', ADMIN.username)).status).toBe(401);
    expect((await wrongLogin(web1.url, '203.0.113.9', ADMIN.username)).status).toBe(429);
    expect((await wrongLogin(web2.url, '203.0.113.9', ADMIN.username)).status).toBe(429);

    const [{ id: articleId }] = await rows<{ id: number }>(`select id from articles where status = 'published' order by id limit 1`);
    const captchas = await Promise.all(Array.from({ length: 6 }, (_, i) => captcha([web1, web2][i % 2].url)));
    await timeUntil(async () => Date.now() - captchas.at(-1)!.issuedAt > 3_100, 5_000);
    // A captcha answered on one process cannot be answered again on the other.
    expect((await comment(web1.url, articleId, captchas[0], { ip: '203.0.113.20', visitor: 'cluster-visitor-a1' })).status).toBe(201);
    const replay = await comment(web2.url, articleId, captchas[0], { ip: '203.0.113.21', visitor: 'cluster-visitor-b1' });
    expect(replay.status).toBe(400);
    expect((await replay.json() as { error: string }).error).toBe('captcha_invalid');
    // An address's budget (four a minute) is the site's: four pass, spread over both, the fifth is refused.
    const answers = [];
    for (let i = 1; i < 6; i++) answers.push((await comment([web1, web2][i % 2].url, articleId, captchas[i], { ip: '203.0.113.30', visitor: `cluster-visitor-c${i}` })).status);
    expect(answers).toEqual([201, 201, 201, 201, 429]);
  });

  it('fails no reader when a web process is killed under 100 readers: nginx routes around it', { timeout: 60_000 }, async () => {
    const [{ id }] = await rows<{ id: number }>(`select id from articles where status = 'published' order by id limit 1`);
    const load = readers(cluster.url, 100, ['/', '/api/articles', `/api/articles/${id}`, '/api/categories']);
    await timeUntil(async () => load.statuses.length >= 300, 30_000);
    const [victim, survivor] = cluster.webs;
    victim.child.kill('SIGKILL');
    const atKill = load.statuses.length;
    await timeUntil(async () => load.statuses.length >= atKill + 600, 30_000);
    await load.stop();
    const failed = load.statuses.filter((s) => s !== 200);
    expect(failed).toEqual([]);
    expect(survivor.alive()).toBe(true);
    expect((await fetch(`${cluster.url}/api/articles/${id}`)).status).toBe(200);
  });
});
