#!/usr/bin/env node
// `npm run bench`: every benchmark in one run, one after another (each needs the machine to
// itself), with their tables printed as they finish and a list of any that failed at the end.
// BENCH_ONLY=api,pages runs a subset; BENCH_SKIP=lighthouse leaves some out. The long corpus
// benchmarks (search, admin table) take their size from BENCH_ARTICLES (default 100000).
import { spawnSync } from 'node:child_process';

const articles = process.env.BENCH_ARTICLES ?? '100000';
const SUITE = [
  ['pauses', ['node', 'bench/pauses.mjs']],
  ['api', ['node', 'bench/api.mjs']],
  ['pages', ['node', 'bench/pages.mjs']],
  ['uncached', ['node', 'bench/uncached.mjs']],
  ['render-alone', ['npx', 'tsx', 'bench/render-alone.mjs']],
  ['publish', ['node', 'bench/publish.mjs']],
  ['startup', ['node', 'bench/startup.mjs']],
  ['readers', ['node', 'bench/readers.mjs']],
  ['page-weight', ['node', 'bench/page-weight.mjs']],
  ['lighthouse', ['node', 'bench/lighthouse.mjs']],
  ['ingest', ['npx', 'tsx', 'bench/ingest.ts']],
  ['search', ['npx', 'tsx', 'bench/search.ts', articles]],
  ['admin-articles', ['npx', 'tsx', 'bench/admin-articles.ts', articles]],
];

const list = (name) => (process.env[name] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const only = list('BENCH_ONLY');
const skip = list('BENCH_SKIP');
const unknown = [...only, ...skip].filter((name) => !SUITE.some(([known]) => known === name));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${SUITE.map(([name]) => name).join(', ')}`);
  process.exit(2);
}

const failed = [];
for (const [name, [cmd, ...args]] of SUITE) {
  if ((only.length && !only.includes(name)) || skip.includes(name)) continue;
  console.log(`\n━━ ${name}: ${[cmd, ...args].join(' ')} ━━`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit' });
  console.log(`(${name}: ${Math.round((Date.now() - started) / 1000)} s)`);
  if (res.status !== 0) failed.push(name);
}
if (failed.length) {
  console.log(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
