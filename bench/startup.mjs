#!/usr/bin/env node
// Start-up: how long from the command to the first answered page (GET / → 200), for `npm start`
// on an existing data directory (the goal: ≤ 2 s), three times each, beside the same server
// started with plain `node` (no npm) and as it used to start (tsx compiling TypeScript). The
// data directory is made first by one `npm start` on a fresh directory (demo content: its time
// is printed too). PODCAST_AUTO=false, so no podcast making runs during the measurement.
// Run it where nobody rebuilds the web app meanwhile (`npm start` builds what is out of date):
// on a shared machine, `flock /tmp/chapar-web.lock node bench/startup.mjs`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SITE_PORT, median } from './lib.mjs';

const port = SITE_PORT + 9;
const runs = Number(process.env.BENCH_RUNS ?? 3);
const dataDir = mkdtempSync(path.join(tmpdir(), 'chapar-startup-'));
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password-1', PODCAST_AUTO: 'false', LOG_LEVEL: 'warn' };

async function answered(timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      await res.arrayBuffer();
      if (res.status === 200) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts the command, returns ms until GET / answers 200, then stops it (its whole process group). */
async function timeStart(cmd, args, timeoutMs = 30_000) {
  const started = performance.now();
  const child = spawn(cmd, args, { env, detached: true, stdio: ['ignore', 'ignore', 'inherit'] });
  const ok = await answered(timeoutMs);
  const ms = performance.now() - started;
  const exited = new Promise((r) => child.once('exit', r));
  try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ }
  const timer = setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } }, 10_000);
  await exited;
  // npm exits before the server it started has finished shutting down: wait for the whole group.
  while (groupAlive(child.pid)) await new Promise((r) => setTimeout(r, 50));
  clearTimeout(timer);
  if (!ok) throw new Error(`${cmd} ${args.join(' ')} did not answer within ${timeoutMs} ms`);
  return ms;
}

const rows = [];
try {
  rows.push(['`npm start`, fresh data directory (demo content made)', [await timeStart('npm', ['start', '--silent'], 300_000)]]);
  const kinds = [
    ['`npm start`, existing data directory', 'npm', ['start', '--silent']],
    ['`node apps/server/dist/main.js serve`, existing data directory', 'node', ['apps/server/dist/main.js', 'serve']],
    ['`tsx apps/server/src/main.ts serve` (TypeScript compiled at start), existing data directory', 'npx', ['tsx', 'apps/server/src/main.ts', 'serve']],
  ];
  for (const [label, cmd, args] of kinds) {
    const times = [];
    for (let i = 0; i < runs; i++) times.push(await timeStart(cmd, args));
    rows.push([label, times]);
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nStart-up to the first answered page (GET / → 200), ${new Date().toISOString()}\n`);
console.log('| command | runs (ms) | best ms |');
console.log('|---|---|---:|');
for (const [label, times] of rows) console.log(`| ${label} | ${times.map((t) => t.toFixed(0)).join(' / ')} | ${Math.min(...times).toFixed(0)} |`);
const npmExisting = rows[1][1];
console.log(`\n\`npm start\` on an existing data directory: median ${median(npmExisting).toFixed(0)} ms (goal ≤ 2000 ms).`);
