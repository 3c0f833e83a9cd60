import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MOCKING, SERVER } from '../vitest.config.ts';

// The server project shares modules between the files of a worker (isolate: false), so a file that
// replaces a module with vi.mock there would either not get its mock (the module already loaded)
// or hand it to the files after it. Such files belong in MOCKING, which runs each in isolation.
describe('the server test project', () => {
  it('runs every file that uses vi.mock in isolation', () => {
    const serverFiles = SERVER.flatMap((pattern) => globSync(pattern));
    const mocking = serverFiles.filter((file) => /\bvi\.mock\(/.test(readFileSync(file, 'utf8')));
    const isolated = new Set(MOCKING.flatMap((pattern) => globSync(pattern)));
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((file) => !isolated.has(file))).toEqual([]);
  });
});
