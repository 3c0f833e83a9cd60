#!/usr/bin/env node
// Public pages under load beside a node:http hello world, in one run: the home page and an
// article page, with the production caches (rendered HTML for anonymous readers, hot API
// reads) and without them. 50 connections, 10 s each (BENCH_DURATION to change).
import { durationArg, helloWorldRow, load, newestArticlePath, rawGet, sameBodyRow, startSite, stopProcess, table } from './lib.mjs';

const duration = durationArg();
const baseline = await helloWorldRow(duration);
const rows = [baseline];

for (const [mode, ttl] of [['cache on', '30000'], ['cache off', '0']]) {
  const site = await startSite(ttl);
  const articlePath = await newestArticlePath('http://127.0.0.1:3998');
  for (const [name, path] of [['GET / (home HTML)', '/'], ['GET /article/{slug}-{id} (article HTML)', articlePath]]) {
    const body = await rawGet(`http://127.0.0.1:3998${path}`, { 'accept-encoding': 'br' });
    if (ttl !== '0') {
      rows.push(await sameBodyRow(`node:http sending the same ${(body.length / 1024).toFixed(1)} KB (br) as ${name.split(' ')[1]}`, body, duration, 'text/html; charset=utf-8'));
    }
    rows.push({ label: `${name}, ${mode}, br`, ...(await load(`http://127.0.0.1:3998${path}`, { duration, headers: { 'accept-encoding': 'br, gzip' } })) });
    rows.push({ label: `${name}, ${mode}, identity`, ...(await load(`http://127.0.0.1:3998${path}`, { duration })) });
  }
  await stopProcess(site);
}

console.log(`\nPage benchmark, ${duration} s × 50 connections, ${new Date().toISOString()}\n`);
console.log(table(rows, baseline));
