#!/usr/bin/env node
// Issue 2 benchmark: public read API beside a node:http hello world, in one run, with the
// in-process read cache on and off. 50 connections, 10 s each (BENCH_DURATION to change).
import { SITE, durationArg, helloWorldRow, load, sameBodyRow, startSite, stopProcess, table } from './lib.mjs';

const duration = durationArg();
const baseline = await helloWorldRow(duration);
const rows = [baseline];

for (const [mode, ttl] of [['cache on', '30000'], ['cache off', '0']]) {
  const site = await startSite(ttl, { BENCH_SSR: 'false' });
  const listBody = await (await fetch(`${SITE}/api/articles?page=1&limit=6`)).text();
  const id = JSON.parse(listBody)[0].id;
  if (ttl !== '0') rows.push(await sameBodyRow(`node:http sending the same ${(listBody.length / 1024).toFixed(1)} KB list body`, listBody, duration));
  for (const [name, path] of [['GET /api/articles?page=1&limit=6', '/api/articles?page=1&limit=6'], [`GET /api/articles/{id}`, `/api/articles/${id}`]]) {
    // As browsers ask (compressed), and as autocannon asks by default (identity).
    rows.push({ label: `${name} (${mode}, br)`, ...(await load(`${SITE}${path}`, { duration, headers: { 'accept-encoding': 'br, gzip' }, server: site })) });
    rows.push({ label: `${name} (${mode}, identity)`, ...(await load(`${SITE}${path}`, { duration, server: site })) });
  }
  await stopProcess(site);
}

console.log(`\nAPI read benchmark, ${duration} s × 50 connections, ${new Date().toISOString()}\n`);
console.log(table(rows, baseline));
