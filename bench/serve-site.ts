// Boots the real site for a benchmark: a fresh PGlite data dir with the demo content,
// caches on or off by the environment (READ_CACHE_TTL_MS / PAGE_CACHE_TTL_MS = 0 turns them off).
import '../apps/server/src/production-default.ts';
import '../apps/server/src/heap-policy.ts';
import '../apps/server/src/tick-shape.ts';
import { mkdtempSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { openAppDatabase, prepareSite } from '../apps/server/src/bootstrap.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const port = Number(process.argv[2] ?? 3101);
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'chapar-bench-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  PORT: String(port),
  ADMIN_PASSWORD: 'bench-password-1',
  // Podcasts of the 45 demo articles (espeak-ng and ffmpeg in child processes) would be made
  // during the measurement; PODCAST_AUTO=true keeps them.
  PODCAST_AUTO: process.env.PODCAST_AUTO ?? 'false',
});
const database = await openAppDatabase(config);
await prepareSite(database, config, pino({ level: 'warn' }));
const app = await buildApp({ config, database, ssr: process.env.BENCH_SSR !== 'false' });
await app.listen({ host: '127.0.0.1', port });
process.send?.('ready');

// The benchmark asks for this process's CPU time around each run, and for how long the event
// loop was held up (a stall delays every connection at once; a busy machine only slows it).
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
process.on('message', (m) => {
  // With how long the server's thread and the render threads have been busy (ms), to tell
  // where a page's CPU goes: the rest is V8's helper threads (the collector) and the thread pool.
  if (m === 'cpu') process.send?.({ cpu: process.cpuUsage(), busy: { server: performance.eventLoopUtilization().active, render: app.pageRenderer?.busyMs() ?? 0 } });
  if (m === 'loop-reset') loopDelay.reset();
  // What the resident memory is made of: the JavaScript heap and buffers apart from the rest
  // (native: PGlite's WebAssembly memory, sharp, the code).
  if (m === 'memory') process.send?.({ memory: process.memoryUsage() });
  if (m === 'heap-snapshot') process.send?.({ heapSnapshot: writeHeapSnapshot(path.join(tmpdir(), `chapar-site-${process.pid}.heapsnapshot`)) });
  if (m === 'loop') {
    process.send?.({ loop: { p50: loopDelay.percentile(50) / 1e6, p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 }, rss: process.memoryUsage().rss });
  }
});
