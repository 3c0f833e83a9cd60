#!/usr/bin/env node
// Public pages under load beside a node:http hello world, in one run: the home page and an
// article page, with the production caches (rendered HTML for anonymous readers, hot API
// reads) and without them. 50 connections, 10 s each (BENCH_DURATION to change).
// The last column is the CPU time the server itself spent per answer (all its threads).
// With wrk installed (`apt-get install -y wrk`), the cached pages and hello world are loaded a
// second time by wrk, whose client does not decode every body into a string as autocannon does,
// beside a bare node:http server sending the very same answer (head and body): the ceiling of a
// cached page on this machine.
import { SITE, durationArg, hasWrk, helloWorldRow, load, newestArticlePath, rawGet, rawResponse, sameBodyRow, startSite, stopProcess, table, wrkLoad } from './lib.mjs';

const duration = durationArg();
const baseline = await helloWorldRow(duration);
const rows = [baseline];
const withWrk = hasWrk();
const wrkBaseline = withWrk ? await helloWorldRow(duration, wrkLoad) : undefined;
const wrkRows = wrkBaseline ? [wrkBaseline] : [];
const BROWSER = { 'accept-encoding': 'br, gzip' };

for (const [mode, ttl] of [['cache on', '30000'], ['cache off', '0']]) {
  const site = await startSite(ttl);
  const articlePath = await newestArticlePath(SITE);
  for (const [name, path] of [['GET / (home HTML)', '/'], ['GET /article/{slug}-{id} (article HTML)', articlePath]]) {
    const url = `${SITE}${path}`;
    if (ttl !== '0') {
      // Fill the page cache and let its best-compression variant finish before measuring.
      await rawGet(url, BROWSER);
      await new Promise((r) => setTimeout(r, 1000));
      const { body, headers } = await rawResponse(url, BROWSER);
      const kb = (body.length / 1024).toFixed(1);
      rows.push(await sameBodyRow(`node:http sending the same ${kb} KB (br) as ${name.split(' ')[1]}`, body, duration, 'text/html; charset=utf-8'));
      if (withWrk) {
        // The ceiling of a cached answer on this machine: node:http sending the same head and body.
        wrkRows.push(await sameBodyRow(`node:http sending the same answer (head and ${kb} KB br body) as ${name.split(' ')[1]}`, body, duration, undefined, { headers, loader: wrkLoad }));
        wrkRows.push({ label: `${name}, ${mode}, br (${kb} KB)`, ...(await wrkLoad(url, { duration, headers: BROWSER, server: site })) });
      }
    }
    rows.push({ label: `${name}, ${mode}, br`, ...(await load(url, { duration, headers: BROWSER, server: site })) });
    rows.push({ label: `${name}, ${mode}, identity`, ...(await load(url, { duration, server: site })) });
  }
  await stopProcess(site);
}

console.log(`\nPage benchmark (autocannon), ${duration} s × 50 connections, ${new Date().toISOString()}\n`);
console.log(table(rows, baseline));
if (withWrk) {
  console.log(`\nThe same cached pages from wrk (one thread, 50 connections, ${duration} s)\n`);
  console.log(table(wrkRows, wrkBaseline));
} else {
  console.log('\nwrk is not installed (apt-get install -y wrk): the wrk rows were skipped.');
}
