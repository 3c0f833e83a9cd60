// Shared benchmark plumbing: start servers in child processes, run autocannon, print tables.
import http from 'node:http';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync, fork } from 'node:child_process';
import autocannon from 'autocannon';
import { BENCH_SITE_OUT, buildBenchSite } from '../scripts/build-server.mjs';

/** Ports of the servers under test: BENCH_PORT (default 3101) for the site, the next two for hello world and same-body servers. */
export const SITE_PORT = Number(process.env.BENCH_PORT ?? 3101);
export const HELLO_PORT = SITE_PORT + 1;
export const SAME_PORT = SITE_PORT + 2;
export const SITE = `http://127.0.0.1:${SITE_PORT}`;
export const HELLO = `http://127.0.0.1:${HELLO_PORT}`;

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

/**
 * CPU time (user + system, µs, every thread) a benchmark server has used so far, and, from the
 * site, how long its own thread and its render threads have been busy (ms).
 */
function cpuOf(child) {
  return new Promise((resolve) => {
    const onMessage = (m) => { if (m?.cpu) { child.off('message', onMessage); resolve({ cpu: m.cpu.user + m.cpu.system, busy: m.busy }); } };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

/**
 * Runs `fn` and adds the server's CPU µs per answered request, when the server is known, and for
 * the site the µs per request its own thread and its render threads were busy.
 */
async function measured(server, fn) {
  const before = server ? await cpuOf(server) : undefined;
  const row = await fn();
  if (before && row.total) {
    const after = await cpuOf(server);
    row.cpuPerRequest = Math.round((after.cpu - before.cpu) / row.total);
    if (before.busy && after.busy) {
      row.serverThreadPerRequest = Math.round(((after.busy.server - before.busy.server) * 1000) / row.total);
      row.renderThreadsPerRequest = Math.round(((after.busy.render - before.busy.render) * 1000) / row.total);
    }
  }
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

/** The middle value (of an even count, the upper of the two middle ones). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export function table(rows, baseline) {
  const lines = ['| target | req/s | p50 ms | p99 ms | % of hello world | errors | server CPU µs/req |', '|---|---:|---:|---:|---:|---:|---:|'];
  for (const r of rows) {
    const pct = baseline ? `${((r.rps / baseline.rps) * 100).toFixed(0)}%` : '';
    lines.push(`| ${r.label} | ${r.rps} | ${r.p50} | ${r.p99} | ${pct} | ${r.non2xx} | ${r.cpuPerRequest ?? ''} |`);
  }
  return lines.join('\n');
}

/**
 * The median of interleaved rounds: `rounds[r][t]` is target t's row in round r, `labels[t]` its
 * name, and target 0 is hello world; each round's share is of that round's own hello world.
 */
export function roundsTable(rounds, labels) {
  const lines = ['| target | req/s (median) | % of hello world, median (range) | server CPU µs/req |', '|---|---:|---:|---:|'];
  for (const [t, label] of labels.entries()) {
    const shares = rounds.map((round) => (round[t].rps / round[0].rps) * 100);
    const cpu = median(rounds.map((round) => round[t].cpuPerRequest ?? NaN));
    const range = `${Math.min(...shares).toFixed(0)}–${Math.max(...shares).toFixed(0)}`;
    lines.push(`| ${label} | ${Math.round(median(rounds.map((round) => round[t].rps)))} | ${median(shares).toFixed(0)} % (${range}) | ${Number.isNaN(cpu) ? '' : Math.round(cpu)} |`);
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
  return rawResponse(url, headers).then((r) => r.body);
}

/** The body and headers of one GET, as sent (no decoding). */
export function rawResponse(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c)).on('end', () => resolve({ body: Buffer.concat(chunks), headers: res.headers })).on('error', reject);
    }).on('error', reject);
  });
}

/** The baseline row: a bare node:http hello world under the same load. */
export async function helloWorldRow(duration, loader = load) {
  const hello = await startProcess(new URL('./hello.mjs', import.meta.url).pathname, [String(HELLO_PORT)]);
  const row = { label: 'node:http hello world', ...(await loader(`${HELLO}/`, { duration, server: hello })) };
  await stopProcess(hello);
  return row;
}

/**
 * A bare node:http server sending one fixed answer on `port`: `body`, and with `headers` (an
 * answer's own, less those node:http adds) the same head too, or else only a content type.
 */
export async function startSameBody(body, { headers, type, port = SAME_PORT } = {}) {
  const file = path.join(tmpdir(), `chapar-bench-body-${process.pid}-${port}`);
  writeFileSync(file, body);
  const sent = headers
    ? Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name)))
    : { 'content-type': type ?? 'application/json; charset=utf-8' };
  writeFileSync(`${file}.json`, JSON.stringify(sent));
  return startProcess(new URL('./same-body.mjs', import.meta.url).pathname, [String(port), file, `${file}.json`]);
}

/**
 * The same bytes from bare node:http: how fast a body of this size can go at all here. With
 * `headers`, the same answer, head and body; `loader` is autocannon's `load` or `wrkLoad`.
 */
export async function sameBodyRow(label, body, duration, type, { headers, loader = load } = {}) {
  const same = await startSameBody(body, { headers, type });
  const row = { label, ...(await loader(`http://127.0.0.1:${SAME_PORT}/`, { duration, server: same })) };
  await stopProcess(same);
  return row;
}

let siteBuilt;
/**
 * The site server the benchmarks start (bench/serve-site.ts), bundled the way production's server
 * is (scripts/build-server.mjs), once per benchmark process: measured as production runs it, as
 * plain JavaScript, not through tsx, whose copies of every source and source map were about 15 MB
 * of the server's 70 MB heap.
 */
export async function siteScript() {
  siteBuilt ??= buildBenchSite();
  await siteBuilt;
  return BENCH_SITE_OUT;
}

/** Starts the site on SITE_PORT with the caches on (ttl in ms) or off ('0'). */
export async function startSite(ttl, env = {}) {
  return startProcess(await siteScript(), [String(SITE_PORT)], { READ_CACHE_TTL_MS: ttl, PAGE_CACHE_TTL_MS: ttl, ...env });
}

/**
 * One wrk run (one thread, `connections`, `duration` s, 5 s timeout): req/s, p50/p99/max ms,
 * non-2xx/3xx and socket errors, and timeouts apart. `paths` (optional): the requests go
 * through these addresses in turn (a wrk Lua script), e.g. every article of the site.
 */
export async function wrkRun(url, { connections = 50, duration = 10, headers = {}, paths, server } = {}) {
  return measured(server, async () => {
    const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--timeout', '5s', '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`])];
    if (paths) {
      const script = path.join(tmpdir(), `chapar-bench-paths-${process.pid}.lua`);
      writeFileSync(script, `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format(nil, paths[i])\nend\n`);
      args.push('-s', script);
    }
    const out = execFileSync('wrk', [...args, url], { encoding: 'utf8' });
    const pct = (p) => { const m = out.match(new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`)); return m ? Math.round(toMs(m[1], m[2]) * 10) / 10 : NaN; };
    const lat = out.match(/Latency\s+([\d.]+)(us|ms|s)\s+([\d.]+)(us|ms|s)\s+([\d.]+)(us|ms|s)/);
    const sock = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
    return {
      url,
      rps: Math.round(Number(out.match(/Requests\/sec:\s+([\d.]+)/)[1]) * 10) / 10,
      p50: pct(50), p99: pct(99), max: lat ? Math.round(toMs(lat[5], lat[6])) : NaN,
      non2xx: Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0) + (sock ? Number(sock[1]) + Number(sock[2]) + Number(sock[3]) : 0),
      timeouts: sock ? Number(sock[4]) : 0,
      total: Number(out.match(/(\d+) requests in/)[1]),
    };
  });
}

/** Rows with timeouts and the share of hello world to two decimals (for the slow rows). */
export function wrkTable(rows, baseline) {
  const lines = [
    '| target | req/s | p50 ms | p99 ms | max ms | % of hello world | errors | timeouts | server CPU µs/req | busy µs/req: server thread / render threads |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const pct = baseline ? `${((r.rps / baseline.rps) * 100).toFixed(2)}%` : '';
    // Busy µs × req/s: the share of the run a thread was busy (100 % is one thread's all).
    const share = (us) => `${Math.round((us * r.rps) / 10_000)} %`;
    const busy = r.serverThreadPerRequest === undefined ? '' : `${r.serverThreadPerRequest} (${share(r.serverThreadPerRequest)}) / ${r.renderThreadsPerRequest} (${share(r.renderThreadsPerRequest)})`;
    lines.push(`| ${r.label} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.max} | ${pct} | ${r.non2xx} | ${r.timeouts} | ${r.cpuPerRequest ?? ''} | ${busy} |`);
  }
  return lines.join('\n');
}

/** Every published article's canonical address (up to `limit`), newest first. */
export async function articlePaths(base, limit = 1000) {
  const out = [];
  for (let page = 1; out.length < limit; page++) {
    const list = await (await fetch(`${base}/api/articles?page=${page}&limit=20`)).json();
    if (!list.length) break;
    for (const a of list) {
      const res = await fetch(`${base}/article/${a.id}`, { redirect: 'manual' });
      out.push(res.status === 301 ? new URL(res.headers.get('location'), base).pathname : `/article/${a.id}`);
    }
  }
  return out.slice(0, limit);
}
