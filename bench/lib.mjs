// Shared benchmark plumbing: start servers in child processes, run autocannon, print tables.
import http from 'node:http';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync, fork } from 'node:child_process';
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

/** CPU time (user + system, µs, every thread) a benchmark server has used so far. */
function cpuOf(child) {
  return new Promise((resolve) => {
    const onMessage = (m) => { if (m?.cpu) { child.off('message', onMessage); resolve(m.cpu.user + m.cpu.system); } };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

/** Runs `fn` and adds the server's CPU µs per answered request, when the server is known. */
async function measured(server, fn) {
  const before = server ? await cpuOf(server) : 0;
  const row = await fn();
  if (server && row.total) row.cpuPerRequest = Math.round(((await cpuOf(server)) - before) / row.total);
  return row;
}

export async function load(url, { connections = 50, duration = 10, headers, server } = {}) {
  return measured(server, async () => {
    const result = await autocannon({ url, connections, duration, headers });
    const non2xx = result.non2xx + result.errors + result.timeouts;
    return { url, rps: Math.round(result.requests.average), p99: result.latency.p99, p50: result.latency.p50, non2xx, total: result.requests.total };
  });
}

/** wrk (a load generator in C, one thread) is on this machine: `apt-get install -y wrk`. */
export function hasWrk() {
  try { execFileSync('wrk', ['--version'], { stdio: 'ignore' }); return true; } catch (error) { return error.status === 1; }
}

const toMs = (value, unit) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? 1);

/** The same load from wrk: the client parses answers without decoding their bodies. */
export async function wrkLoad(url, { connections = 50, duration = 10, headers = {}, server } = {}) {
  return measured(server, async () => {
    const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
    const out = execFileSync('wrk', args, { encoding: 'utf8' });
    const total = Number(out.match(/(\d+) requests in/)[1]);
    const latency = (pct) => { const m = out.match(new RegExp(`\\s${pct}%\\s+([\\d.]+)(us|ms|s)`)); return m ? Math.round(toMs(m[1], m[2]) * 10) / 10 : NaN; };
    const errors = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0) + (out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/)?.slice(1).reduce((a, b) => a + Number(b), 0) ?? 0);
    return { url, rps: Math.round(Number(out.match(/Requests\/sec:\s+([\d.]+)/)[1])), p50: latency(50), p99: latency(99), non2xx: errors, total };
  });
}

export const durationArg = () => Number(process.env.BENCH_DURATION ?? 10);

export function table(rows, baseline) {
  const lines = ['| target | req/s | p50 ms | p99 ms | % of hello world | errors | server CPU µs/req |', '|---|---:|---:|---:|---:|---:|---:|'];
  for (const r of rows) {
    const pct = baseline ? `${((r.rps / baseline.rps) * 100).toFixed(0)}%` : '';
    lines.push(`| ${r.label} | ${r.rps} | ${r.p50} | ${r.p99} | ${pct} | ${r.non2xx} | ${r.cpuPerRequest ?? ''} |`);
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
export async function helloWorldRow(duration, loader = load) {
  const hello = await startProcess(new URL('./hello.mjs', import.meta.url).pathname, ['3999']);
  const row = { label: 'node:http hello world', ...(await loader('http://127.0.0.1:3999/', { duration, server: hello })) };
  await stopProcess(hello);
  return row;
}

/** The same bytes from bare node:http: how fast a body of this size can go at all here. */
export async function sameBodyRow(label, body, duration, type) {
  const file = path.join(tmpdir(), `chapar-bench-body-${process.pid}`);
  writeFileSync(file, body);
  const same = await startProcess(new URL('./same-body.mjs', import.meta.url).pathname, ['3997', file, ...(type ? [type] : [])]);
  const row = { label, ...(await load('http://127.0.0.1:3997/', { duration, server: same })) };
  await stopProcess(same);
  return row;
}

/** Starts the site on port 3998 with the caches on (ttl in ms) or off ('0'). */
export function startSite(ttl, env = {}) {
  return startProcess(new URL('./serve-site.ts', import.meta.url).pathname, ['3998'], { READ_CACHE_TTL_MS: ttl, PAGE_CACHE_TTL_MS: ttl, ...env });
}
