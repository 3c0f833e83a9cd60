#!/usr/bin/env node
// How steady the machine itself is: one process per core spins for BENCH_PAUSE_SECONDS (10)
// and records every gap of more than 5 ms between two readings of the clock, when the core was
// taken from it (by the host under a virtual machine, or by other work). On an idle machine of
// this project's kind on 2026-11-28 each core lost 90-210 ms in 20 s, in gaps of up to 49 ms:
// latency tails of that size are the machine's, whatever runs on it. Printed first by
// `npm run bench`, so every run says what its machine was like.
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';

const seconds = Number(process.env.BENCH_PAUSE_SECONDS ?? 10);

if (process.argv[2] === 'spin') {
  const end = performance.now() + seconds * 1000;
  const gaps = [];
  for (let last = performance.now(), now = last; now < end; last = now) {
    now = performance.now();
    if (now - last > 5) gaps.push(now - last);
  }
  process.send(gaps);
} else {
  const cores = availableParallelism();
  const results = await Promise.all(Array.from({ length: cores }, () => new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url).pathname, ['spin']);
    child.once('message', resolve).once('error', reject);
  })));
  console.log(`\nPauses of the machine: ${cores} processes spinning for ${seconds} s, ${new Date().toISOString()}\n`);
  console.log('| process | pauses over 5 ms | time lost ms | share | longest ms |');
  console.log('|---:|---:|---:|---:|---:|');
  results.forEach((gaps, i) => {
    const lost = gaps.reduce((sum, gap) => sum + gap, 0);
    console.log(`| ${i + 1} | ${gaps.length} | ${lost.toFixed(0)} | ${((lost / (seconds * 1000)) * 100).toFixed(1)} % | ${gaps.length ? Math.max(...gaps).toFixed(0) : 0} |`);
  });
}
