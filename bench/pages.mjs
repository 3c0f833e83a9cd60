#!/usr/bin/env node
// Public pages under load beside a node:http hello world, in one run: the home page and an
// article page, with the production caches (rendered HTML for anonymous readers, hot API
// reads) and without them. 50 connections, 10 s each (BENCH_DURATION to change).
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { durationArg, load, newestArticlePath, rawGet, startProcess, stopProcess, table } from './lib.mjs';

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
    const res = await fetch(`http://127.0.0.1:3998${path}`, { headers: { 'accept-encoding': 'br' } });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    if (ttl !== '0') {
      // The same compressed bytes from bare node:http: the ceiling for a body of this size here.
      const file = path.join(tmpdir(), 'chapar-bench-page.br');
      const body = await rawGet(`http://127.0.0.1:3998${path}`, { 'accept-encoding': 'br' });
      writeFileSync(file, body);
      const same = await startProcess(new URL('./same-body.mjs', import.meta.url).pathname, ['3997', file, 'text/html; charset=utf-8']);
      rows.push({ label: `node:http sending the same ${(body.length / 1024).toFixed(1)} KB (br) as ${name.split(' ')[1]}`, ...(await load('http://127.0.0.1:3997/', { duration })) });
      await stopProcess(same);
    }
    rows.push({ label: `${name}, ${mode}, br`, ...(await load(`http://127.0.0.1:3998${path}`, { duration, headers: { 'accept-encoding': 'br, gzip' } })) });
    rows.push({ label: `${name}, ${mode}, identity`, ...(await load(`http://127.0.0.1:3998${path}`, { duration })) });
  }
  await stopProcess(site);
}

console.log(`\nPage benchmark, ${duration} s × 50 connections, ${new Date().toISOString()}\n`);
console.log(table(rows, baseline));
