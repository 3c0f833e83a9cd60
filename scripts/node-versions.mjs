// Other Node.js installations on this machine, for `npm run test:node`: named in NODE_BINARIES
// (paths, ':'-separated), on PATH as node22/node24/…, or under the usual version managers' and
// packagers' directories. Each is asked its version; the running Node and duplicates are left out.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compareVersions } from './install-node.mjs';

/** Directories whose children are Node installations (…/<version>/bin/node). */
function managedInstalls(home, opt) {
  const roots = [
    path.join(home, '.nvm', 'versions', 'node'),
    path.join(home, '.local', 'share', 'fnm', 'node-versions'),
    path.join(home, '.volta', 'tools', 'image', 'node'),
    '/usr/local/n/versions/node',
    path.join(opt, 'nodejs'),
  ];
  const found = [];
  for (const root of roots) {
    if (!existsSync(root)) continue;
    for (const version of readdirSync(root)) {
      for (const candidate of [path.join(root, version, 'bin', 'node'), path.join(root, version, 'installation', 'bin', 'node')]) {
        if (existsSync(candidate)) found.push(candidate);
      }
    }
  }
  return found;
}

/** `node22`, `node24`, … on PATH, and /opt/node-v*‌/bin/node (scripts/install-node.mjs puts them there). */
function namedOnPath(pathVariable, opt) {
  const found = [];
  for (const dir of pathVariable.split(path.delimiter).filter(Boolean)) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) if (/^node-?\d+$/.test(name)) found.push(path.join(dir, name));
  }
  if (existsSync(opt)) {
    for (const name of readdirSync(opt)) if (/^node-v\d/.test(name) && existsSync(path.join(opt, name, 'bin', 'node'))) found.push(path.join(opt, name, 'bin', 'node'));
  }
  return found;
}

/** [{ binary, version }] of every other Node found, sorted by version. */
export function otherNodes({ env = process.env, home = os.homedir(), current = process.execPath, opt = env.NODE_INSTALL_DIR ?? '/opt' } = {}) {
  const candidates = [
    ...(env.NODE_BINARIES ?? '').split(':').filter(Boolean),
    ...namedOnPath(env.PATH ?? '', opt),
    ...managedInstalls(home, opt),
  ];
  const seen = new Set([safeRealpath(current)]);
  const versions = new Set([process.version]);
  const result = [];
  for (const binary of candidates) {
    const real = safeRealpath(binary);
    if (!real || seen.has(real)) continue;
    seen.add(real);
    let version;
    try {
      version = execFileSync(binary, ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim();
    } catch {
      continue;
    }
    if (!/^v\d+\.\d+\.\d+/.test(version) || versions.has(version)) continue;
    versions.add(version);
    result.push({ binary, version });
  }
  return result.sort((a, b) => compareVersions(a.version, b.version));
}

function safeRealpath(file) {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}
