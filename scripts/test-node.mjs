#!/usr/bin/env node
// `npm run test:node [-- vitest arguments]`: the unit and integration suite (Vitest, PGlite) on
// every other Node.js installed here (scripts/node-versions.mjs says where it looks), one after
// another, so a change that only works on one Node is caught. Without another Node it says so
// and succeeds; with --require-other it fails instead (for a CI job that installs one).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { otherNodes } from './node-versions.mjs';

const args = process.argv.slice(2);
const requireOther = args.includes('--require-other');
const vitestArgs = args.filter((a) => a !== '--require-other');
// Vitest's own command-line entry (its `bin`), started by the other Node directly.
const vitestPackage = createRequire(import.meta.url).resolve('vitest/package.json');
const vitest = path.join(path.dirname(vitestPackage), JSON.parse(readFileSync(vitestPackage, 'utf8')).bin.vitest);

const nodes = otherNodes();
if (!nodes.length) {
  console.log(`No Node.js other than this one (${process.version}) is installed. Install one (e.g. Node 22 or 24 with nvm, or set NODE_BINARIES=/path/to/node) to run the suite on it.`);
  process.exit(requireOther ? 1 : 0);
}
const failed = [];
for (const { binary, version } of nodes) {
  console.log(`\n━━ unit suite on Node ${version} (${binary}) ━━`);
  const res = spawnSync(binary, [vitest, 'run', ...vitestArgs], { stdio: 'inherit' });
  if (res.status !== 0) failed.push(version);
}
console.log(failed.length ? `\nFailed on Node ${failed.join(', ')}.` : `\nPassed on Node ${nodes.map((n) => n.version).join(', ')}.`);
process.exit(failed.length ? 1 : 0);
