#!/usr/bin/env node
// Two or more builds of the bench site, cached article (or home) under wrk, interleaved in one
// run beside hello world and bare node:http sending the first build's answer: what one change
// is worth, measured against the build before it on the same machine at the same moments.
//
//   git stash && node -e "import('./bench/lib.mjs').then((m) => m.siteScript())" \
//     && cp -r apps/server/dist/bench apps/server/dist/bench-before && git stash pop \
//     && node -e "import('./bench/lib.mjs').then((m) => m.siteScript())" \
//     && node bench/compare-builds.mjs apps/server/dist/bench-before apps/server/dist/bench
//
// A copy must stay at the same depth (apps/server/dist/<dir>): the bundle finds the web build
// and the migrations relative to itself. BENCH_ROUNDS (4), BENCH_DURATION (10 s), COMPARE_PAGE=home.
import path from 'node:path';
import { HELLO, HELLO_PORT, SAME_PORT, durationArg, newestArticlePath, rawGet, rawResponse, roundsTable, startProcess, startSameBody, stopProcess, wrkLoad } from './lib.mjs';

const builds = process.argv.slice(2);
if (builds.length < 2) {
  console.error('usage: node bench/compare-builds.mjs <bundle dir> <bundle dir> [...]');
  process.exit(2);
}
const duration = durationArg();
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const BROWSER = { 'accept-encoding': 'br, gzip' };
const CACHED = { READ_CACHE_TTL_MS: '30000', PAGE_CACHE_TTL_MS: '30000' };

const started = [];
const hello = await startProcess(new URL('./hello.mjs', import.meta.url).pathname, [String(HELLO_PORT)]);
started.push(hello);
const sites = [];
for (const [i, dir] of builds.entries()) {
  const port = SAME_PORT + 100 * (i + 1);
  const server = await startProcess(path.resolve(dir, 'serve-site.js'), [String(port)], CACHED);
  started.push(server);
  const base = `http://127.0.0.1:${port}`;
  // Each site seeds its own demo data: its newest article may have another id than the first's.
  const page = process.env.COMPARE_PAGE === 'home' ? '/' : await newestArticlePath(base);
  sites.push({ label: dir, url: `${base}${page}`, server });
}
for (const site of sites) await rawGet(site.url, BROWSER);
// Let each entry's best-compression variant finish before measuring.
await new Promise((resolve) => setTimeout(resolve, 1500));
for (const site of sites) {
  const { headers, body } = await rawResponse(site.url, BROWSER);
  if (headers['x-cache'] !== 'HIT') throw new Error(`${site.label} did not answer from its cache (${site.url})`);
  site.kb = (body.length / 1024).toFixed(1);
}
const first = await rawResponse(sites[0].url, BROWSER);
const same = await startSameBody(first.body, { headers: first.headers, port: SAME_PORT });
started.push(same);

const targets = [
  { label: 'node:http hello world', url: `${HELLO}/`, server: hello },
  { label: `bare node:http sending ${builds[0]}'s answer`, url: `http://127.0.0.1:${SAME_PORT}${new URL(sites[0].url).pathname}`, server: same, headers: BROWSER },
  ...sites.map((s) => ({ label: `${s.label} (${s.kb} KB br)`, url: s.url, server: s.server, headers: BROWSER })),
];
const measured = [];
try {
  for (let round = 0; round < rounds; round++) {
    // Hello world first in every round; the others in a rotated order, so no build is always last.
    const rest = targets.slice(1).map((_, i) => 1 + ((i + round) % (targets.length - 1)));
    const row = [];
    for (const t of [0, ...rest]) row[t] = await wrkLoad(targets[t].url, { duration, headers: targets[t].headers, server: targets[t].server });
    measured.push(row);
  }
} finally {
  for (const child of started) await stopProcess(child);
}

console.log(`\n${rounds} interleaved rounds, wrk one thread × 50 connections, ${duration} s each, ${new Date().toISOString()}\n`);
console.log(roundsTable(measured, targets.map((t) => t.label)));
