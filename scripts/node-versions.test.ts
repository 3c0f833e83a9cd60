import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the scripts
import { otherNodes } from './node-versions.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'chapar-nodes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in Node that answers --version with `version`. */
function fakeNode(file: string, version: string) {
  writeFileSync(file, `#!/bin/sh\necho ${version}\n`);
  chmodSync(file, 0o755);
}

describe('otherNodes (npm run test:node)', () => {
  it('finds named Nodes on PATH and in NODE_BINARIES, version-manager directories and /opt/node-v*, leaving out this one and repeats', () => {
    const bin = path.join(dir, 'bin');
    const home = path.join(dir, 'home');
    const nvm = path.join(home, '.nvm', 'versions', 'node', 'v24.11.0', 'bin');
    const opt = path.join(dir, 'opt');
    const installed = path.join(opt, 'node-v25.0.0', 'bin');
    for (const d of [bin, nvm, installed]) mkdirSync(d, { recursive: true });
    fakeNode(path.join(installed, 'node'), 'v25.0.0');
    fakeNode(path.join(bin, 'node22'), 'v22.12.0');
    fakeNode(path.join(nvm, 'node'), 'v24.11.0');
    fakeNode(path.join(dir, 'again'), 'v22.12.0');
    fakeNode(path.join(dir, 'broken'), 'not-a-version');
    symlinkSync(process.execPath, path.join(bin, 'node20'));
    const found = otherNodes({ env: { PATH: bin, NODE_BINARIES: `${path.join(dir, 'again')}:${path.join(dir, 'broken')}:/nowhere/node` }, home, current: process.execPath, opt }) as Array<{ binary: string; version: string }>;
    expect(found).toEqual([
      { binary: path.join(dir, 'again'), version: 'v22.12.0' },
      { binary: path.join(nvm, 'node'), version: 'v24.11.0' },
      { binary: path.join(installed, 'node'), version: 'v25.0.0' },
    ]);
  });

  it('looks for installed Nodes in NODE_INSTALL_DIR, where install-node.mjs puts them, and sorts v10 after v9', () => {
    const root = path.join(dir, 'install-dir');
    for (const version of ['v10.0.0', 'v9.11.2']) {
      mkdirSync(path.join(root, `node-${version}`, 'bin'), { recursive: true });
      fakeNode(path.join(root, `node-${version}`, 'bin', 'node'), version);
    }
    const found = otherNodes({ env: { PATH: '', NODE_INSTALL_DIR: root }, home: path.join(dir, 'nobody'), current: process.execPath }) as Array<{ version: string }>;
    expect(found.map((n) => n.version)).toEqual(['v9.11.2', 'v10.0.0']);
  });
});
