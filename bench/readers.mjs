#!/usr/bin/env node
// 200 concurrent readers for 60 s (BENCH_DURATION to change) against the production site with
// its caches as shipped, on the home page, an article, the article list and a search for «ایران»:
// - the goal row: one wrk process with 200 connections going through the four addresses in turn;
// - per address: four wrk processes of 50 connections at once, one address each.
// Then both layouts against a bare node:http hello world. With the load generator on the same two
// cores as a server that keeps one of them busy, a wrk process the scheduler runs less reads its
// answers late and counts them as slow: among four processes one often shows a tail of 100-700 ms
// that follows the process, not the address (2026-11-28: swapping the start order moved it to
// whichever address was started last, every answer a cache hit). One process for all 200 readers
// has no such neighbour, so its p99 is what the server makes.
// Prints p50, p99 and the maximum of each, errors and timeouts, the server's resident memory and
// its event-loop delay. BENCH_HEAP_SNAPSHOT=1 also takes a heap snapshot of the site after the run
// and prints what holds the heap; BENCH_DATA_DIR (a data directory, e.g. a 100,000-article corpus)
// or DATABASE_URL choose the site's database.
// Needs wrk (`apt-get install -y wrk`).
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { printHeapSummary, summarizeHeap } from './heap-summary.mjs';
import { HELLO, HELLO_PORT, SITE, durationArg, hasWrk, newestArticlePath, startProcess, startSite, stopProcess, wrkRun } from './lib.mjs';

const run = promisify(execFile);
if (!hasWrk()) {
  console.error('wrk is not installed: apt-get install -y wrk');
  process.exit(1);
}

const duration = Number(process.env.BENCH_DURATION ?? 60) || durationArg();
const BASE = SITE;
const BROWSER = { 'accept-encoding': 'br, gzip' };
const toMs = (value, unit) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? 1);

async function wrk(label, path, base = BASE) {
  const args = ['-t1', '-c50', `-d${duration}s`, '--timeout', '5s', '--latency', ...Object.entries(BROWSER).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), `${base}${path}`];
  const { stdout: out } = await run('wrk', args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  const pct = (p) => { const m = out.match(new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`)); return m ? toMs(m[1], m[2]) : NaN; };
  const lat = out.match(/Latency\s+([\d.]+)(us|ms|s)\s+([\d.]+)(us|ms|s)\s+([\d.]+)(us|ms|s)/);
  const sock = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    label,
    rps: Math.round(Number(out.match(/Requests\/sec:\s+([\d.]+)/)[1])),
    p50: pct(50), p99: pct(99), max: lat ? toMs(lat[5], lat[6]) : NaN,
    errors: Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0) + (sock ? Number(sock[1]) + Number(sock[2]) + Number(sock[3]) : 0),
    timeouts: sock ? Number(sock[4]) : 0,
  };
}

/** All 200 readers from one wrk process, through `paths` in turn. */
async function together(label, paths, base = BASE) {
  const r = await wrkRun(`${base}/`, { connections: 200, duration, headers: BROWSER, paths });
  return { label, rps: Math.round(r.rps), p50: r.p50, p99: r.p99, max: r.max, errors: r.non2xx, timeouts: r.timeouts };
}

/** Sends `message` to the site and resolves with the `key` of its answer. */
function ask(child, message, key, timeoutMs = 30_000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${key} from the site in ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (m) => { if (m?.[key] !== undefined) { clearTimeout(timer); child.off('message', onMessage); resolve(m[key]); } };
    child.on('message', onMessage);
    child.send(message);
  });
}

function rssOf(pid) {
  return run('ps', ['-o', 'rss=', '-p', String(pid)]).then(({ stdout }) => Math.round(Number(stdout.trim()) / 1024));
}

/** The site's event-loop delay since the last reset (ms): stalls show here, a busy machine does not. */
function loopOf(child) {
  return new Promise((resolve) => {
    const onMessage = (m) => { if (m?.loop) { child.off('message', onMessage); resolve(m.loop); } };
    child.on('message', onMessage);
    child.send('loop');
  });
}

const printRows = (rows) => {
  console.log('| target | req/s | p50 ms | p99 ms | max ms | errors | timeouts |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.label} | ${r.rps} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(0)} | ${r.errors} | ${r.timeouts} |`);
};

const site = await startSite(process.env.BENCH_TTL ?? '30000');
let siteRows;
try {
  const articlePath = await newestArticlePath(BASE);
  const targets = [
    ['GET / (home)', '/'],
    ['GET article page', articlePath],
    ['GET /api/articles?page=1&limit=20', '/api/articles?page=1&limit=20'],
    ['GET /api/search/advanced?q=ایران', `/api/search/advanced?q=${encodeURIComponent('ایران')}`],
  ];
  // One warm-up request each, as a reader arriving first would make.
  for (const [, path] of targets) await fetch(`${BASE}${path}`, { headers: BROWSER });
  const rssBefore = await rssOf(site.pid);
  site.send('loop-reset');
  const all = await together('200 readers, one wrk process, the four addresses in turn', targets.map(([, path]) => path));
  const loop = await loopOf(site);
  const rows = await Promise.all(targets.map(([label, path]) => wrk(label, path)));
  const rssAfter = await rssOf(site.pid);

  siteRows = rows;
  console.log(`\n200 concurrent readers, ${duration} s each layout, ${new Date().toISOString()}\n`);
  printRows([all, ...rows.map((r) => ({ ...r, label: `${r.label} (its own wrk process of 50)` }))]);
  console.log(`\n200 readers: p99 ${all.p99.toFixed(1)} ms (goal ≤ 50 ms)${all.errors || all.timeouts ? ', with errors' : ''}; worst of the four processes ${Math.max(...rows.map((r) => r.p99)).toFixed(1)} ms.`);
  const memory = await ask(site, 'memory', 'memory');
  // V8 collects the garbage of a burst when the process goes idle (its memory reducer).
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const rssSettled = await rssOf(site.pid);
  console.log(`\nServer resident memory: ${rssBefore} MB before, ${rssAfter} MB right after, ${rssSettled} MB after 10 s idle.`);
  const mb = (bytes) => (bytes / 1048576).toFixed(0);
  console.log(`Of which: JavaScript heap ${mb(memory.heapTotal)} MB (${mb(memory.heapUsed)} used), external ${mb(memory.external)} MB (array buffers ${mb(memory.arrayBuffers)}), outside V8 ${mb(memory.rss - memory.heapTotal - memory.external)} MB (WebAssembly memory of PGlite, native libraries, code).`);
  if (process.env.BENCH_HEAP_SNAPSHOT === '1') {
    const file = await ask(site, 'heap-snapshot', 'heapSnapshot', 300_000);
    console.log('');
    printHeapSummary(summarizeHeap(file));
    await rm(file, { force: true });
  }
  console.log(`Server event-loop delay during the 200 readers in one process: p50 ${loop.p50.toFixed(1)} ms, p99 ${loop.p99.toFixed(1)} ms, max ${loop.max.toFixed(0)} ms.`);
} finally {
  await stopProcess(site);
}

// The generator's own share of the tail: the same layout against a server that does nothing.
const hello = await startProcess(new URL('./hello.mjs', import.meta.url).pathname, [String(HELLO_PORT)]);
try {
  const all = await together('node:http hello world, 200 connections, one wrk process', ['/'], HELLO);
  const rows = await Promise.all([1, 2, 3, 4].map((n) => wrk(`node:http hello world, wrk process ${n} of four`, '/', HELLO)));
  console.log(`\nThe same layouts against a bare node:http hello world, ${duration} s each\n`);
  printRows([all, ...rows]);
  const worstSite = Math.max(...siteRows.map((r) => r.p99));
  const worstHello = Math.max(...rows.map((r) => r.p99));
  console.log(`\nWorst p99 of four processes: site ${worstSite.toFixed(1)} ms, hello world ${worstHello.toFixed(1)} ms.`);
} finally {
  await stopProcess(hello);
}
