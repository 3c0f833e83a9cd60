#!/usr/bin/env node
// A publish under a crowd of readers, measured from outside the server: the demo site with its
// caches on (bench/serve-site.ts, a process of its own), 50 readers on kept-alive connections
// (this process). Each round takes the newest article down, lets the home page settle without
// it, then publishes it through the admin API and at once sends the 50 readers at the home
// page: their latency (p50/p99/max), how many were answered with a page rendered for them
// (x-page-cache MISS), and how long until a reader sees the article. Then 50 readers again.
// Readers ask for brotli, as every browser does.
//   node bench/publish.mjs [rounds=10]
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SITE, startSite, stopProcess } from './lib.mjs';

const ROUNDS = Number(process.argv[2] ?? 10);
const READERS = 50;
const agent = new http.Agent({ keepAlive: true, maxSockets: READERS });

function request(method, path, { headers = {}, body } = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(`${SITE}${path}`, { method, agent, headers: body ? { ...headers, 'content-type': 'application/json' } : headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c)).on('error', reject).on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        // Decoded when read, not here: the crowd's answers are timed in this one thread.
        const text = () => (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
        resolve({ ms: performance.now() - started, status: res.statusCode, cache: String(res.headers['x-page-cache'] ?? ''), headers: res.headers, text });
      });
    });
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

const BROWSER = { 'accept-encoding': 'br, gzip' };
const crowd = () => Promise.all(Array.from({ length: READERS }, () => request('GET', '/', { headers: BROWSER })));
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * p) - 1];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round1 = (n) => Math.round(n * 10) / 10;

const site = await startSite('30000');
try {
  const login = await request('POST', '/api/admin/login', { body: { username: 'admin', password: 'bench-password-1' } });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text()}`);
  const cookie = [].concat(login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const admin = { cookie, 'x-csrf-token': JSON.parse(login.text()).csrfToken };
  const [newest] = JSON.parse((await request('GET', '/api/articles?page=1&limit=1')).text());
  const link = `-${newest.id}"`; // the article's card links to /article/{slug}-{id}

  const rows = [];
  const everyAnswer = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const down = await request('POST', `/api/admin/articles/${newest.id}/unpublish`, { headers: admin, body: { reason: 'بنچمارک انتشار' } });
    if (down.status !== 200) throw new Error(`unpublish: ${down.status} ${down.text()}`);
    // The home page without the article, served from the cache to everyone (every connection open).
    for (let i = 0; i < 300; i++) {
      const page = await request('GET', '/', { headers: BROWSER });
      if (!page.text().includes(link) && page.cache === 'HIT') break;
      await sleep(50);
    }
    await crowd();
    await sleep(500);

    const up = await request('POST', `/api/admin/articles/${newest.id}/publish`, { headers: admin });
    if (up.status !== 200) throw new Error(`publish: ${up.status} ${up.text()}`);
    const publishedAt = performance.now();
    const answers = await crowd();
    everyAnswer.push(...answers.map((a) => a.ms));
    let visibleMs = null;
    while (visibleMs === null && performance.now() - publishedAt < 10_000) {
      if ((await request('GET', '/', { headers: BROWSER })).text().includes(link)) visibleMs = performance.now() - publishedAt;
      else await sleep(10);
    }
    const after = await crowd();
    const ms = answers.map((a) => a.ms);
    rows.push({
      round, p50: round1(percentile(ms, 0.5)), p99: round1(percentile(ms, 0.99)), max: round1(Math.max(...ms)),
      misses: answers.filter((a) => a.cache === 'MISS').length, errors: answers.filter((a) => a.status !== 200).length,
      visible: visibleMs === null ? 'not within 10 s' : Math.round(visibleMs), afterSeeing: after.filter((a) => a.text().includes(link)).length,
      afterP99: round1(percentile(after.map((a) => a.ms), 0.99)),
    });
  }

  console.log(`\nA publish, then at once ${READERS} readers of the home page (kept-alive, another process), ${ROUNDS} rounds, ${new Date().toISOString()}\n`);
  console.log('| round | p50 ms | p99 ms | max ms | rendered for a reader | errors | article on the page after (ms) | next 50 readers see it | their p99 ms |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.round} | ${r.p50} | ${r.p99} | ${r.max} | ${r.misses} | ${r.errors} | ${r.visible} | ${r.afterSeeing}/${READERS} | ${r.afterP99} |`);
  console.log(`\nEvery reader right after a publish, all rounds (${everyAnswer.length}): p50 ${round1(percentile(everyAnswer, 0.5))} ms, p99 ${round1(percentile(everyAnswer, 0.99))} ms, max ${round1(Math.max(...everyAnswer))} ms`);
} finally {
  agent.destroy();
  await stopProcess(site);
}
