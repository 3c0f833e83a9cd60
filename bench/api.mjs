#!/usr/bin/env node
// Issue 2 benchmark: public read API beside a node:http hello world, in one run, with the
// in-process read cache on and off. 50 connections, 10 s each (BENCH_DURATION to change).
import { durationArg, load, startProcess, stopProcess, table } from './lib.mjs';

const duration = durationArg();
const rows = [];

const hello = await startProcess(new URL('./hello.mjs', import.meta.url).pathname, ['3999']);
const baseline = { label: 'node:http hello world', ...(await load('http://127.0.0.1:3999/', { duration })) };
rows.push(baseline);
await stopProcess(hello);

for (const [mode, ttl] of [['cache on', '30000'], ['cache off', '0']]) {
  const site = await startProcess(new URL('./serve-site.ts', import.meta.url).pathname, ['3998'], {
    READ_CACHE_TTL_MS: ttl, PAGE_CACHE_TTL_MS: ttl, BENCH_SSR: 'false',
  });
  const list = await (await fetch('http://127.0.0.1:3998/api/articles?page=1&limit=6')).json();
  const id = list[0].id;
  for (const [name, path] of [['GET /api/articles?page=1&limit=6', '/api/articles?page=1&limit=6'], [`GET /api/articles/{id}`, `/api/articles/${id}`]]) {
    rows.push({ label: `${name} (${mode})`, ...(await load(`http://127.0.0.1:3998${path}`, { duration })) });
  }
  await stopProcess(site);
}

console.log(`\nAPI read benchmark, ${duration} s × 50 connections, ${new Date().toISOString()}\n`);
console.log(table(rows, baseline));
