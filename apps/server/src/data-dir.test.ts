// A DATA_DIR the site cannot write stops the start with one message that names the directory,
// what is wrong and what to do, and no stack; a missing one is made.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataDirProblem, directoryProblem } from './data-dir.ts';
import { makeReadOnly, makeWritable } from '../testing/read-only-dir.ts';

const FIX = 'or set DATA_DIR to a directory this user can write to (the embedded database, media and the site\'s kept secrets live there).';
const root = path.resolve(import.meta.dirname, '../../..');

let base: string;
const readOnly: string[] = [];
beforeEach(() => { base = mkdtempSync(path.join(os.tmpdir(), 'chapar-data-dir-')); });
afterEach(async () => {
  for (const dir of readOnly.splice(0)) await makeWritable(dir);
  rmSync(base, { recursive: true, force: true });
});

const lockedDir = async (name: string) => {
  const dir = path.join(base, name);
  mkdirSync(dir);
  readOnly.push(dir);
  await makeReadOnly(dir);
  return dir;
};

describe('DATA_DIR at start', () => {
  it('is made when missing, parents included, and leaves nothing behind', () => {
    const dir = path.join(base, 'a', 'b', 'data');
    expect(dataDirProblem(dir, true)).toBeUndefined();
    expect(statSync(dir).isDirectory()).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names a file on its path', () => {
    const file = path.join(base, 'file');
    writeFileSync(file, '');
    expect(directoryProblem(path.join(file, 'data'))).toBe(`DATA_DIR ${file}/data cannot be used: ${file} is a file, not a directory. Move the file away, ${FIX}`);
    expect(directoryProblem(file)).toBe(`DATA_DIR ${file} cannot be used: ${file} is a file, not a directory. Move the file away, ${FIX}`);
  });

  it('says a read-only directory is not writable, and one missing inside it cannot be created, with what to do', async () => {
    const dir = await lockedDir('locked');
    const expected = process.getuid?.() === 0
      ? `is not writable, even by root: it is marked immutable (lsattr; chattr -i to undo) or mounted read-only. Undo that, ${FIX}`
      : `is not writable by this user (${os.userInfo().username}). Give it to this user (e.g. sudo chown -R ${os.userInfo().username} ${dir}), ${FIX}`;
    expect(dataDirProblem(dir, false)).toBe(`DATA_DIR ${dir} ${expected}`);
    expect(dataDirProblem(path.join(dir, 'sub'), false)).toMatch(new RegExp(`^DATA_DIR ${dir}/sub does not exist, and cannot be created in ${dir}[ ,].*${FIX.replace(/[().']/g, '\\$&')}$`));
  });

  it('checks the embedded database\'s directory inside it, unless the database is PostgreSQL', async () => {
    const dir = path.join(base, 'site');
    mkdirSync(dir);
    readOnly.push(path.join(dir, 'pglite'));
    mkdirSync(path.join(dir, 'pglite'));
    await makeReadOnly(path.join(dir, 'pglite'));
    expect(dataDirProblem(dir, true)).toMatch(new RegExp(`^The embedded database's directory ${dir}/pglite is not writable`));
    expect(dataDirProblem(dir, false)).toBeUndefined();
  });

  it.skipIf(!existsSync('/proc/self'))('refuses a directory the file system will not make, instead of waiting forever', () => {
    expect(directoryProblem('/proc/chapar-data')).toBe(
      `DATA_DIR /proc/chapar-data does not exist, and cannot be created in /proc (ENOENT: no such file or directory, mkdir '/proc/chapar-data'). Check it, ${FIX}`);
  });
});

describe('a start on a DATA_DIR it cannot use', () => {
  const start = (command: string, env: Record<string, string>) => spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), command], {
    cwd: root, encoding: 'utf8', timeout: 60_000,
    env: { ...process.env, NODE_ENV: 'production', PORT: '3176', DEMO_CONTENT: 'false', LOG_LEVEL: 'warn', SESSION_SECRET: '', DATABASE_URL: '', ...env },
  });

  it('prints what is wrong and what to do, without a stack, and exits 1: serve under a file, migrate in a read-only directory', async () => {
    const file = path.join(base, 'file');
    writeFileSync(file, '');
    const underFile = start('serve', { DATA_DIR: path.join(file, 'data') });
    expect(underFile.status).toBe(1);
    expect(underFile.stderr.trim()).toBe(`DATA_DIR ${file}/data cannot be used: ${file} is a file, not a directory. Move the file away, ${FIX}`);
    const locked = await lockedDir('locked');
    const migrate = start('migrate', { DATA_DIR: locked, SESSION_SECRET: 'x'.repeat(40) });
    expect(migrate.status).toBe(1);
    expect(migrate.stderr.trim()).toMatch(new RegExp(`^DATA_DIR ${locked} is not writable[^\\n]*${FIX.replace(/[().']/g, '\\$&')}$`));
    expect(underFile.stderr + migrate.stderr).not.toMatch(/\n\s+at |Error:|EACCES|EPERM|ENOTDIR/);
  });
});
