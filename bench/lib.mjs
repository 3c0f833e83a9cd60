// Shared benchmark plumbing: start servers in child processes, run autocannon, print tables.
import http from 'node:http';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import autocannon from 'autocannon';

export function startProcess(script, args = [], env = {}) {
  return new Promise((resolve, reject) => {
    const child = fork(script, args, {
      env: { ...process.env, ...env },
      execArgv: script.endsWith('.ts') ? ['--import', 'tsx'] : [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const timer = setTimeout(() => reject(new Error(`${script} did not start in 120 s`)), 120_000);
    child.once('message', (m) => { if (m === 'ready') { clearTimeout(timer); resolve(child); } });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

export function stopProcess(child) {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

export async function load(url, { connections = 50, duration = 10, headers } = {}) {
  const result = await autocannon({ url, connections, duration, headers });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return { url, rps: Math.round(result.requests.average), p99: result.latency.p99, p50: result.latency.p50, non2xx, total: result.requests.total };
}

export const durationArg = () => Number(process.env.BENCH_DURATION ?? 10);

export function table(rows, baseline) {
  const lines = ['| target | req/s | p50 ms | p99 ms | % of hello world | errors |', '|---|---:|---:|---:|---:|---:|'];
  for (const r of rows) {
    const pct = baseline ? `${((r.rps / baseline.rps) * 100).toFixed(0)}%` : '';
    lines.push(`| ${r.label} | ${r.rps} | ${r.p50} | ${r.p99} | ${pct} | ${r.non2xx} |`);
  }
  return lines.join('\n');
}

/** The canonical address of the newest article (/article/{id} answers 301 to it). */
export async function newestArticlePath(base) {
  const [first] = await (await fetch(`${base}/api/articles?page=1&limit=1`)).json();
  const res = await fetch(`${base}/article/${first.id}`, { redirect: 'manual' });
  return res.status === 301 ? new URL(res.headers.get('location'), base).pathname : `/article/${first.id}`;
}

/** The bytes as sent on the wire (no decompression), with the given request headers. */
export function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
    }).on('error', reject);
  });
}

/** The baseline row: a bare node:http hello world under the same load. */
export async function helloWorldRow(duration) {
  const hello = await startProcess(new URL('./hello.mjs', import.meta.url).pathname, ['3999']);
  const row = { label: 'node:http hello world', ...(await load('http://127.0.0.1:3999/', { duration })) };
  await stopProcess(hello);
  return row;
}

/** The same bytes from bare node:http: how fast a body of this size can go at all here. */
export async function sameBodyRow(label, body, duration, type) {
  const file = path.join(tmpdir(), `chapar-bench-body-${process.pid}`);
  writeFileSync(file, body);
  const same = await startProcess(new URL('./same-body.mjs', import.meta.url).pathname, ['3997', file, ...(type ? [type] : [])]);
  const row = { label, ...(await load('http://127.0.0.1:3997/', { duration })) };
  await stopProcess(same);
  return row;
}

/** Starts the site on port 3998 with the caches on (ttl in ms) or off ('0'). */
export function startSite(ttl, env = {}) {
  return startProcess(new URL('./serve-site.ts', import.meta.url).pathname, ['3998'], { READ_CACHE_TTL_MS: ttl, PAGE_CACHE_TTL_MS: ttl, ...env });
}
