#!/usr/bin/env node
// `npm test`: lint and types, unit and integration tests on PGlite, then the browser tests, the
// PostgreSQL suites (when TEST_DATABASE_URL is set) and the production layout.
// Missing system tools skip their suites loudly; under CI a missing tool is a failure.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { databaseSuites } from './database-suites.mjs';
import { satisfies } from './install-node.mjs';
import { INSTALL_COMMAND, missingTools } from './tools.mjs';

const USAGE = `Usage: node scripts/test.mjs   (npm test; takes no arguments)

Runs the whole suite, in order: lint (eslint) and types (tsc) side by side, the web build, the
unit and integration tests on PGlite (vitest), then the browser tests (e2e/, Chromium), the
database suites on PostgreSQL, then the production layout (e2e/cluster/: nginx and PostgreSQL).
On a busy machine it takes tens of minutes; for a few files use \`npx vitest run <paths>\`.

Environment:
  CI=true|1            missing tools, an older Node.js or no PostgreSQL fail the run instead of
                       skipping their suites
  TEST_DATABASE_URL    a PostgreSQL server (postgres://postgres@127.0.0.1:5432/test): the database
                       suites run on it too, and the production layout tests need it
  CHROMIUM_PATH        the browser for the browser tests (default: /usr/bin/chromium)
  NGINX_PATH           nginx for the production layout tests (default: /usr/sbin/nginx)

Exits 0 when every step passed, 1 otherwise.`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
if (args.length) {
  console.error(`Unknown argument${args.length > 1 ? 's' : ''}: ${args.join(' ')}\n\n${USAGE}`);
  process.exit(2);
}

const ci = process.env.CI === 'true' || process.env.CI === '1';
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Every failed test, named at the very end so a log's last lines say what failed. */
const failures = [];
const outDir = mkdtempSync(path.join(tmpdir(), 'chapar-test-'));
const failedSteps = [];

/** Each step's wall time, printed at the end: CI has a time budget, and this shows where it goes. */
const durations = [];

/**
 * One step. `buffered`: its output is held and printed whole when it ends, for a step that runs
 * beside another (whose output streams).
 */
function step(label, cmd, args, { env = {}, buffered = false } = {}) {
  const started = Date.now();
  if (!buffered) console.log(`\n━━ ${label} ━━`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    const output = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('close', (status) => {
      if (buffered) {
        console.log(`\n━━ ${label} ━━`);
        process.stdout.write(Buffer.concat(output));
      }
      durations.push(`${label} ${Math.round((Date.now() - started) / 1000)} s`);
      if (status !== 0) failedSteps.push(label);
      resolve();
    });
  });
}

async function vitest(label, args, options = {}) {
  const base = path.join(outDir, label.replace(/\W+/g, '-'));
  const report = `${base}.json`;
  const failed = `${base}.failures.json`;
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`, '--reporter=./scripts/failure-reporter.mjs', `--outputFile.failures=${failed}`];
  await step(label, 'npx', ['vitest', 'run', ...reporters, ...args], options);
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
  }
  if (existsSync(failed)) for (const f of JSON.parse(readFileSync(failed, 'utf8'))) failures.push({ label, ...f });
}

// The Node the engines field names (pg-boss 12 needs 22.12); the suite still runs on an older one,
// which is said loudly, and under CI is a failure (.ci/run installs the right one first).
const { engines } = JSON.parse(readFileSync('package.json', 'utf8'));
if (!satisfies(process.version, engines.node)) {
  console.log(`\n${'!'.repeat(78)}\n  ✗ Node.js ${process.version} is older than the project's ${engines.node}.\n  Get it with: export PATH="$(node scripts/install-node.mjs):$PATH"\n${'!'.repeat(78)}`);
  if (ci) {
    console.error('CI=true: an older Node.js is a failure, not a warning.');
    process.exit(1);
  }
}

const missing = missingTools();
if (missing.length) {
  const lines = missing.map((m) => `  ✗ ${m.name} is missing: skipping ${m.suites}`);
  console.log(`\n${'!'.repeat(78)}\n${lines.join('\n')}\n  Install them with: ${INSTALL_COMMAND}\n${'!'.repeat(78)}`);
  if (ci) {
    console.error('CI=true: missing tools are a failure, not a skip.');
    process.exit(1);
  }
}

// Lint and types are one thread each: side by side on a machine's cores.
await Promise.all([
  step('lint', 'npx', ['eslint', '.'], { buffered: true }),
  step('types', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], { buffered: true }),
]);
await step('web build', 'npm', ['run', 'build', '--silent']);
await vitest('unit and integration (PGlite)', [], { env: { TEST_DATABASE_URL: '' } });
// The browser tests, then the database suites on PostgreSQL. Side by side on two cores they took
// no less time than one after the other and starved each other: latency goals and timeouts failed
// on either side.
if (!missing.some((m) => m.name === 'chromium')) await vitest('browser', ['--config', 'e2e/vitest.config.ts']);
// Only the files that reach the test database: the rest would run exactly as they did on PGlite.
if (process.env.TEST_DATABASE_URL) await vitest('database suites (PostgreSQL)', databaseSuites());
// The production layout needs nginx and a PostgreSQL server (the one TEST_DATABASE_URL names).
if (missing.some((m) => m.name === 'nginx')) {
  // Already named with the other missing tools, with the command that installs them.
} else if (!process.env.TEST_DATABASE_URL) {
  console.log(`\n${'!'.repeat(78)}\n  ✗ TEST_DATABASE_URL is unset: skipping the production layout (cluster) tests, which need PostgreSQL\n  (e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test)\n${'!'.repeat(78)}`);
  if (ci) failedSteps.push('cluster (no PostgreSQL)');
} else {
  await vitest('cluster', ['--config', 'e2e/cluster/vitest.config.ts']);
}

if (missing.length) {
  console.log(`\nSkipped suites (missing ${missing.map((m) => m.name).join(', ')}): install with ${INSTALL_COMMAND}`);
}
if (failures.length) {
  console.log(`\nFailed tests (${failures.length}):`);
  for (const f of failures) {
    const lines = String(f.message).split('\n').filter((l) => l.trim()).slice(0, 3);
    for (const cause of f.causes) lines.push(`caused by: ${cause.split('\n')[0]}`);
    console.log(`  ✗ [${f.label}] ${f.where} › ${f.name}\n${lines.map((l) => `      ${l.trim().slice(0, 200)}`).join('\n')}`);
  }
}
console.log(`\nStep times: ${durations.join(', ')}`);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
