#!/usr/bin/env node
// Public pages under load beside a node:http hello world, in one run: the home page and an
// article page, with the production caches (rendered HTML for anonymous readers, hot API
// reads) and without them. 50 connections, 10 s each (BENCH_DURATION to change).
// The last column is the CPU time the server itself spent per answer (all its threads).
// With wrk installed (`apt-get install -y wrk`), the cached pages are loaded a second time by wrk,
// whose client does not decode every body into a string as autocannon does, beside hello world
// and a bare node:http server sending the very same answer (head and body) to the same request
// line, the ceiling of a cached page on this machine. These rows run in BENCH_ROUNDS rounds (3),
// each round every target once in turn, and the summary gives each target's median: on a
// machine whose speed moves by a third from one 10 s row to the next (seen 2026-11-28), rows
// measured minutes apart compare the machine's moments, rows of one round compare the servers.
import { HELLO, HELLO_PORT, SAME_PORT, SITE, durationArg, hasWrk, helloWorldRow, load, newestArticlePath, rawGet, rawResponse, roundsTable, sameBodyRow, startProcess, startSameBody, startSite, stopProcess, table, wrkLoad } from './lib.mjs';

const duration = durationArg();
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const baseline = await helloWorldRow(duration);
const rows = [baseline];
const withWrk = hasWrk();
const BROWSER = { 'accept-encoding': 'br, gzip' };
let wrkRounds;

/**
 * Hello world, then for each cached page the bare server sending its answer and the site, in
 * turn, `rounds` times; every server stays up between its rows.
 */
async function interleaved(site, pages) {
  const hello = await startProcess(new URL('./hello.mjs', import.meta.url).pathname, [String(HELLO_PORT)]);
  const targets = [{ label: 'node:http hello world', url: `${HELLO}/`, server: hello }];
  const started = [hello];
  try {
    for (const [i, page] of pages.entries()) {
      const port = SAME_PORT + 10 + i;
      const same = await startSameBody(page.body, { headers: page.headers, port });
      started.push(same);
      targets.push({ label: `node:http sending the same answer (head and ${page.kb} KB br body) as ${page.name}`, url: `http://127.0.0.1:${port}${page.path}`, server: same, headers: BROWSER });
      targets.push({ label: `GET ${page.name}, cache on, br (${page.kb} KB)`, url: `${SITE}${page.path}`, server: site, headers: BROWSER });
    }
    const measured = [];
    for (let round = 1; round <= rounds; round++) {
      const row = [];
      for (const t of targets) row.push({ label: t.label, ...(await wrkLoad(t.url, { duration, headers: t.headers, server: t.server })) });
      measured.push(row);
    }
    return measured;
  } finally {
    for (const child of started) await stopProcess(child);
  }
}

for (const [mode, ttl] of [['cache on', '30000'], ['cache off', '0']]) {
  const site = await startSite(ttl);
  const articlePath = await newestArticlePath(SITE);
  const cached = [];
  for (const [name, path] of [['GET / (home HTML)', '/'], ['GET /article/{slug}-{id} (article HTML)', articlePath]]) {
    const url = `${SITE}${path}`;
    if (ttl !== '0') {
      // Fill the page cache and let its best-compression variant finish before measuring.
      await rawGet(url, BROWSER);
      await new Promise((r) => setTimeout(r, 1000));
      const { body, headers } = await rawResponse(url, BROWSER);
      const kb = (body.length / 1024).toFixed(1);
      rows.push(await sameBodyRow(`node:http sending the same ${kb} KB (br) as ${name.split(' ')[1]}`, body, duration, 'text/html; charset=utf-8'));
      cached.push({ name: name.split(' ')[1], path, body, headers, kb });
    }
    rows.push({ label: `${name}, ${mode}, br`, ...(await load(url, { duration, headers: BROWSER, server: site })) });
    rows.push({ label: `${name}, ${mode}, identity`, ...(await load(url, { duration, server: site })) });
  }
  if (cached.length && withWrk) wrkRounds = await interleaved(site, cached);
  await stopProcess(site);
}

console.log(`\nPage benchmark (autocannon), ${duration} s × 50 connections, ${new Date().toISOString()}\n`);
console.log(table(rows, baseline));
if (!wrkRounds) {
  console.log('\nwrk is not installed (apt-get install -y wrk): the wrk rows were skipped.');
  process.exit(0);
}
for (const [i, round] of wrkRounds.entries()) {
  console.log(`\nThe cached pages from wrk (one thread, 50 connections, ${duration} s), round ${i + 1} of ${wrkRounds.length}\n`);
  console.log(table(round, round[0]));
}
console.log(`\nMedian of the ${wrkRounds.length} rounds (each round's share of its own hello world; the range in brackets)\n`);
console.log(roundsTable(wrkRounds, wrkRounds[0].map((row) => row.label)));
