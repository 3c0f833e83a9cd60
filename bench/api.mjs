#!/usr/bin/env node
// Issue 2 benchmark: public read API beside a node:http hello world, in one run, with the
// in-process read cache on and off. 50 connections, 10 s each (BENCH_DURATION to change).
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  const listBody = await (await fetch('http://127.0.0.1:3998/api/articles?page=1&limit=6')).text();
  const id = JSON.parse(listBody)[0].id;
  if (ttl !== '0') {
    // The same bytes from bare node:http: how fast this body can go at all on this machine.
    const file = path.join(tmpdir(), 'chapar-bench-list.json');
    writeFileSync(file, listBody);
    const same = await startProcess(new URL('./same-body.mjs', import.meta.url).pathname, ['3997', file]);
    rows.push({ label: `node:http sending the same ${(listBody.length / 1024).toFixed(1)} KB list body`, ...(await load('http://127.0.0.1:3997/', { duration })) });
    await stopProcess(same);
  }
  for (const [name, path] of [['GET /api/articles?page=1&limit=6', '/api/articles?page=1&limit=6'], [`GET /api/articles/{id}`, `/api/articles/${id}`]]) {
    // As browsers ask (compressed), and as autocannon asks by default (identity).
    rows.push({ label: `${name} (${mode}, br)`, ...(await load(`http://127.0.0.1:3998${path}`, { duration, headers: { 'accept-encoding': 'br, gzip' } })) });
    rows.push({ label: `${name} (${mode}, identity)`, ...(await load(`http://127.0.0.1:3998${path}`, { duration })) });
  }
  await stopProcess(site);
}

console.log(`\nAPI read benchmark, ${duration} s × 50 connections, ${new Date().toISOString()}\n`);
console.log(table(rows, baseline));
