import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIN_NODE_VERSION, nodeVersionProblem } from './node-version.ts';

const root = path.resolve(import.meta.dirname, '../../..');

describe('the Node.js version', () => {
  it('is the one package.json\'s engines names', () => {
    const engines = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node as string;
    expect(engines.replace(/^>=/, '').split('.').concat(['0', '0']).slice(0, 3).join('.')).toBe(MIN_NODE_VERSION);
  });

  it('refuses an older Node.js, naming the version needed and the installer', () => {
    expect(nodeVersionProblem('20.20.2', '/usr/bin/node')).toBe(
      'Chapar needs Node.js 22.12.0 or newer (package.json "engines"; pg-boss needs it); this is Node.js 20.20.2 (/usr/bin/node). ' +
      'Install one with `node scripts/install-node.mjs` (it prints the directory to put first on PATH) or NodeSource\'s package, then start again.');
    expect(nodeVersionProblem('22.11.9')).toMatch(/needs Node\.js 22\.12\.0 or newer/);
    for (const ok of ['22.12.0', '22.23.5', '23.0.0', '24.1.0']) expect(nodeVersionProblem(ok), ok).toBeUndefined();
  });

  // The built entry point on the machine's own Node 20, where there is one: it stops at once.
  const built = path.join(root, 'apps/server/dist/main.js');
  const old = ['/usr/bin/node'].find((node) => existsSync(node) && Number(execFileSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).split('.')[0]) < 22);
  it.skipIf(!old || !existsSync(built))('stops the built server on an older Node.js before anything starts', () => {
    // A data directory of its own, should it start after all.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chapar-old-node-'));
    const run = spawnSync(old!, [built, 'serve'], { encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir, DEMO_CONTENT: 'false', PORT: '3177' }, timeout: 20_000 });
    rmSync(dataDir, { recursive: true, force: true });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Chapar needs Node\.js 22\.12\.0 or newer .*node scripts\/install-node\.mjs/);
  });
});
