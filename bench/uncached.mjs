#!/usr/bin/env node
// Pages nobody has asked for lately: the home page and article pages rendered for every request
// (PAGE_CACHE_TTL_MS=0 READ_CACHE_TTL_MS=0, the demo site), beside a node:http hello world
// measured in the same run, all under wrk (one thread, 50 connections, BENCH_DURATION s, 10 by
// default). "every article in turn" walks all the site's articles, as crawlers and the long
// tail of readers do. Goals: article ≥ 1 %, home ≥ 0.5 % of hello world, p99 ≤ 200 ms, no timeouts.
// BENCH_RUNS=3 repeats the whole measurement (the machine is shared: figures move between runs).
// Each target first gets BENCH_WARMUP s (5 by default) of the same load, not measured: a server
// started seconds ago is still compiling its hot code (V8's optimizing compiler re-compiled
// React's render functions dozens of times in the first 10 s, 2.4 s of background compiling in
// 6 s), which a server that has been up for a minute no longer pays. The caches stay off.
// The last column: how long the server's own thread (HTTP, the database) and its render threads
// were busy per request, and the share of the run that is: a thread near 100 % is the limit.
// Busy includes waiting for a core, so the two can add up to more than the CPU column.
// BENCH_DATA_DIR=<a data directory> runs it on that site instead, e.g. the 100,000-article corpus
// (`BENCH_ADMIN_DIR=<dir> BENCH_SEED_ONLY=1 npx tsx bench/admin-articles.ts 100000` makes one, about
// 3 minutes); "every article in turn" is then its newest 1000.
import { SITE, articlePaths, durationArg, hasWrk, helloWorldRow, newestArticlePath, startSite, stopProcess, wrkRun, wrkTable } from './lib.mjs';

if (!hasWrk()) {
  console.error('wrk is not installed: apt-get install -y wrk');
  process.exit(1);
}
const duration = durationArg();
const warmup = Number(process.env.BENCH_WARMUP ?? 5);
const runs = Number(process.env.BENCH_RUNS ?? 1);
const BROWSER = { 'accept-encoding': 'br, gzip' };

for (let run = 1; run <= runs; run++) {
  const baseline = await helloWorldRow(duration, wrkRun);
  const rows = [baseline];
  const site = await startSite('0');
  try {
    const articlePath = await newestArticlePath(SITE);
    const all = await articlePaths(SITE);
    // One request each first, as the first reader would make (module loading, query plans).
    for (const p of ['/', articlePath, ...all]) await fetch(`${SITE}${p}`, { headers: BROWSER });
    if (warmup > 0) {
      await wrkRun(`${SITE}${articlePath}`, { duration: warmup, headers: BROWSER });
      await wrkRun(`${SITE}/`, { duration: warmup, headers: BROWSER });
    }
    rows.push({ label: 'GET /article/{slug}-{id}, one article, caches off, br', ...(await wrkRun(`${SITE}${articlePath}`, { duration, headers: BROWSER, server: site })) });
    rows.push({ label: `GET /article/{slug}-{id}, every article in turn (${all.length}), caches off, br`, ...(await wrkRun(SITE, { duration, headers: BROWSER, paths: all, server: site })) });
    rows.push({ label: 'GET / (home), caches off, br', ...(await wrkRun(`${SITE}/`, { duration, headers: BROWSER, server: site })) });
  } finally {
    await stopProcess(site);
  }
  console.log(`\nUncached pages (wrk -t1 -c50, ${duration} s after ${warmup} s of warm-up per page), run ${run} of ${runs}, ${new Date().toISOString()}\n`);
  console.log(wrkTable(rows, baseline));
  const [, article, tail, home] = rows;
  const pct = (r) => (r.rps / baseline.rps) * 100;
  console.log(`\nArticle ${pct(article).toFixed(2)} % (goal ≥ 1 %), every article ${pct(tail).toFixed(2)} %, home ${pct(home).toFixed(2)} % (goal ≥ 0.5 %); worst p99 ${Math.max(article.p99, tail.p99, home.p99)} ms (goal ≤ 200 ms), timeouts ${article.timeouts + tail.timeouts + home.timeouts}.`);
}
