#!/usr/bin/env node
// Public pages under load beside a node:http hello world, in one run: the home page and an
// article page, with the production caches (rendered HTML for anonymous readers, hot API
// reads) and without them. 50 connections, 10 s each (BENCH_DURATION to change).
import { durationArg, load, newestArticlePath, startProcess, stopProcess, table } from './lib.mjs';

const duration = durationArg();
const rows = [];
const hello = await startProcess(new URL('./hello.mjs', import.meta.url).pathname, ['3999']);
const baseline = { label: 'node:http hello world', ...(await load('http://127.0.0.1:3999/', { duration })) };
rows.push(baseline);
await stopProcess(hello);

for (const [mode, ttl] of [['cache on', '30000'], ['cache off', '0']]) {
  const site = await startProcess(new URL('./serve-site.ts', import.meta.url).pathname, ['3998'], {
    READ_CACHE_TTL_MS: ttl, PAGE_CACHE_TTL_MS: ttl,
  });
  const articlePath = await newestArticlePath('http://127.0.0.1:3998');
  for (const [name, path] of [['GET / (home HTML)', '/'], ['GET /article/{slug}-{id} (article HTML)', articlePath]]) {
    const res = await fetch(`http://127.0.0.1:3998${path}`);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    rows.push({ label: `${name}, ${mode}`, ...(await load(`http://127.0.0.1:3998${path}`, { duration })) });
  }
  await stopProcess(site);
}

console.log(`\nPage benchmark, ${duration} s × 50 connections, ${new Date().toISOString()}\n`);
console.log(table(rows, baseline));
