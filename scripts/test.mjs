#!/usr/bin/env node
// `npm test`: lint, types, unit and integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then browser tests. Missing system tools skip their suites
// loudly; under CI a missing tool is a failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { satisfies } from './install-node.mjs';
import { INSTALL_COMMAND, missingTools } from './tools.mjs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Every failed test, named at the very end so a log's last lines say what failed. */
const failures = [];
const outDir = mkdtempSync(path.join(tmpdir(), 'chapar-test-'));
let failedSteps = [];

/** Each step's wall time, printed at the end: CI has a time budget, and this shows where it goes. */
const durations = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n━━ ${label} ━━`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  durations.push(`${label} ${Math.round((Date.now() - started) / 1000)} s`);
  if (res.status !== 0) failedSteps.push(label);
  return res.status === 0;
}

/** Single-threaded steps run side by side on a machine's cores; each one's output is printed whole when it ends. */
function runTogether(steps) {
  const started = Date.now();
  return Promise.all(
    steps.map(
      ([label, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (status) => {
            console.log(`\n━━ ${label} ━━`);
            process.stdout.write(Buffer.concat(output));
            durations.push(`${label} ${Math.round((Date.now() - started) / 1000)} s`);
            if (status !== 0) failedSteps.push(label);
            resolve(status === 0);
          });
        }),
    ),
  );
}

function vitest(label, args, env = {}) {
  const base = path.join(outDir, label.replace(/\W+/g, '-'));
  const report = `${base}.json`;
  const failed = `${base}.failures.json`;
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`, '--reporter=./scripts/failure-reporter.mjs', `--outputFile.failures=${failed}`];
  run(label, 'npx', ['vitest', 'run', ...reporters, ...args], env);
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

await runTogether([
  ['lint', 'npx', ['eslint', '.']],
  ['types', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
]);
run('web build', 'npm', ['run', 'build', '--silent']);
vitest('unit and integration (PGlite)', [], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  vitest('database suites (PostgreSQL)', ['apps/server', 'packages/db']);
}
if (!missing.some((m) => m.name === 'chromium')) {
  vitest('browser', ['--config', 'e2e/vitest.config.ts']);
}
// The production layout needs nginx and a PostgreSQL server (the one TEST_DATABASE_URL names).
if (missing.some((m) => m.name === 'nginx')) {
  // Already named with the other missing tools, with the command that installs them.
} else if (!process.env.TEST_DATABASE_URL) {
  console.log(`\n${'!'.repeat(78)}\n  ✗ TEST_DATABASE_URL is unset: skipping the production layout (cluster) tests, which need PostgreSQL\n  (e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test)\n${'!'.repeat(78)}`);
  if (ci) failedSteps.push('cluster (no PostgreSQL)');
} else {
  vitest('cluster', ['--config', 'e2e/cluster/vitest.config.ts']);
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
