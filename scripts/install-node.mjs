#!/usr/bin/env node
// The Node.js the project needs, where the machine's is older than `engines.node` says (pg-boss 12
// needs 22.12): the official binary as the npm registry carries it (the `node-linux-<arch>`
// package behind npm's `node` package), checked against the registry's integrity hash by
// `npm pack`, unpacked to $NODE_INSTALL_DIR/node-v<version> (/opt by default).
// Prints the directory to put first on PATH, or nothing when the running Node already satisfies
// the engines field. `--major 24` installs that line instead (for `npm run test:node`), whatever
// the running Node is. Runs on any Node from 18 on, with no dependencies (it runs before `npm ci`).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const engines = JSON.parse(readFileSync(path.join(here, '..', 'package.json'), 'utf8')).engines.node;

/** [major, minor, patch] of 'v22.12.0', '>=22.12' and the like. */
export function versionParts(text) {
  const [major = 0, minor = 0, patch = 0] = text.replace(/^[^0-9]*/, '').split('.').map((n) => Number.parseInt(n, 10) || 0);
  return [major, minor, patch];
}

/** Negative, zero or positive as version `a` is older than, the same as or newer than `b`. */
export function compareVersions(a, b) {
  const [x, y] = [versionParts(a), versionParts(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** Whether `version` is at least the minimum a '>=X.Y[.Z]' engines range names. */
export function satisfies(version, range) {
  return compareVersions(version, range) >= 0;
}

function install(major) {
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (process.platform !== 'linux' || !arch) throw new Error(`No Node.js package for ${process.platform}-${process.arch}: install Node ${major} from nodejs.org.`);
  const root = process.env.NODE_INSTALL_DIR ?? '/opt';
  // An installation of this line already here is used as it is.
  const minimum = versionParts(engines)[0] === major ? engines : `>=${major}`;
  const existing = existsSync(root) ? readdirSync(root).filter((n) => n.startsWith(`node-v${major}.`) && satisfies(n.slice(5), minimum)) : [];
  for (const name of existing) {
    const binary = path.join(root, name, 'bin', 'node');
    if (existsSync(binary)) return path.dirname(binary);
  }
  const work = mkdtempSync(path.join(os.tmpdir(), 'chapar-node-'));
  try {
    const [packed] = JSON.parse(execFileSync('npm', ['pack', `node-linux-${arch}@${major}`, '--json', '--pack-destination', work], {
      cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'],
    }));
    execFileSync('tar', ['xzf', path.join(work, packed.filename), '-C', work]);
    const version = execFileSync(path.join(work, 'package', 'bin', 'node'), ['--version'], { encoding: 'utf8' }).trim();
    const target = path.join(root, `node-${version}`);
    mkdirSync(root, { recursive: true });
    renameSync(path.join(work, 'package'), target);
    return path.join(target, 'bin');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const flag = process.argv.indexOf('--major');
  const major = flag > 0 ? Number(process.argv[flag + 1]) : undefined;
  if (major === undefined && satisfies(process.version, engines)) process.exit(0);
  const dir = install(major ?? versionParts(engines)[0]);
  console.error(`Node.js ${execFileSync(path.join(dir, 'node'), ['--version'], { encoding: 'utf8' }).trim()} is in ${dir}${major === undefined ? ` (this machine's ${process.version} is older than the project's ${engines})` : ''}.`);
  console.log(dir);
}
