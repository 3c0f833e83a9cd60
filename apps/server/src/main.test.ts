// The entry point turns on Node's compile cache before the server's modules load: a second start
// reads their compiled code from disk instead of compiling it again (bench/startup.mjs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'chapar-compile-cache-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** main.ts with an unknown command (it loads every command's modules, prints the usage, exits 1). */
function run() {
  // TMPDIR moves os.tmpdir(), where the cache goes when NODE_COMPILE_CACHE does not name a place;
  // Node says what it does with the cache on stderr under NODE_DEBUG_NATIVE.
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' };
  delete env.NODE_COMPILE_CACHE;
  delete env.NODE_DISABLE_COMPILE_CACHE;
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), 'no-such-command'], { cwd: root, env, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
}

describe('main.ts', () => {
  it('keeps the compiled modules in os.tmpdir() and takes them from there on the next start', () => {
    const first = run();
    expect(first.status).toBe(1);
    expect(first.stderr).toMatch(/Usage: main\.ts <command>/);
    expect(first.stderr).toContain(`${path.join(tmp, 'node-compile-cache')}`);

    const second = run();
    expect(second.status).toBe(1);
    const accepted = (file: string) => new RegExp(`cache for \\S*${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} was accepted`);
    // The commands and the app, loaded after the cache was turned on, and a package of theirs.
    expect(second.stderr).toMatch(accepted('apps/server/src/commands.ts'));
    expect(second.stderr).toMatch(accepted('apps/server/src/app.ts'));
    expect(second.stderr).toMatch(accepted('node_modules/fastify/fastify.js'));
  });
});
