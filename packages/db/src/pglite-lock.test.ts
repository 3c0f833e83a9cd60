import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { dumpPgliteDataDir } from './pglite-archive.ts';
import { lockFileOf } from './pglite-lock.ts';

let root: string;
let dataDir: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'chapar-lock-'));
  dataDir = path.join(root, 'pglite');
});
afterEach(async () => { await rm(root, { recursive: true, force: true }); });

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the embedded database is one process\'s', () => {
  it('refuses a second open of the same data directory, naming it and what to do, until the first closes', async () => {
    const first = await openDatabase({ dataDir });
    try {
      const second = openDatabase({ dataDir });
      await expect(second).rejects.toThrow(`The embedded database in ${dataDir} is in use by another Chapar process`);
      await expect(openDatabase({ dataDir })).rejects.toThrow(/stop the running site first.*through the running site/);
      // The refused open did not disturb the first one.
      expect((await first.raw.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
      // A backup taken meanwhile is refused the same way.
      await expect(dumpPgliteDataDir(dataDir)).rejects.toThrow(/is in use by another Chapar process/);
    } finally {
      await first.close();
    }
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it('refuses a directory another live process holds', async () => {
    // The parent of this test process stands for a running site.
    writeFileSync(lockFileOf(dataDir), JSON.stringify({ pid: process.ppid, hostname: os.hostname(), command: 'serve', since: '2026-01-01T00:00:00.000Z' }));
    await expect(openDatabase({ dataDir })).rejects.toThrow(`(pid ${process.ppid}, "serve", since 2026-01-01T00:00:00.000Z)`);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('takes over the lock of a process that died without closing (kill -9), or a damaged one', async () => {
    const pid = deadPid();
    writeFileSync(lockFileOf(dataDir), JSON.stringify({ pid, hostname: os.hostname(), command: 'serve' }));
    const database = await openDatabase({ dataDir });
    await database.close();
    // A pid alive again but given to a later process (its start time differs) is not the holder.
    if (existsSync(`/proc/${process.ppid}/stat`)) {
      writeFileSync(lockFileOf(dataDir), JSON.stringify({ pid: process.ppid, startTime: '1', hostname: os.hostname() }));
      await (await openDatabase({ dataDir })).close();
    }
    writeFileSync(lockFileOf(dataDir), '{"pid":');
    await (await openDatabase({ dataDir })).close();
    expect(readdirSync(root).sort()).toEqual(['pglite']);
  });

  it('keeps the data directory to its owner: 0700, no file open to the group or others', async () => {
    const database = await openDatabase({ dataDir });
    await database.raw.exec('create table t (x int); insert into t values (1); checkpoint');
    await database.close();
    const modes = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => !e.isSymbolicLink())
      .map((e) => statSync(path.join(e.parentPath, e.name)).mode & 0o777);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(modes(dataDir).length).toBeGreaterThan(100);
    expect(modes(dataDir).filter((m) => (m & 0o077) !== 0)).toEqual([]);
  });
});
