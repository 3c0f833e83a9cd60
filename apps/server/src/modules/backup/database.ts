// The database part of a backup: the embedded database's data directory as PGlite archives it,
// or a PostgreSQL database as pg_dump writes it (one snapshot, so consistent while the site runs).
import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { dumpPgliteDataDir, loadPgliteDataDir, openDatabase, pgliteDataDirInUse } from '@chapar/db';

export type DatabaseTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** Runs a PostgreSQL client program; its own error text when it fails, a clear one when it is missing. */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT'
      ? new Error(`${program} was not found: install PostgreSQL's client programs (Debian: apt install postgresql-client), the same major version as the server or newer`)
      : error));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${program} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/** What is already in the database: its tables outside PostgreSQL's own schemas (none: empty). */
export async function databaseContents(target: DatabaseTarget): Promise<string[]> {
  if (target.kind === 'pglite') return pgliteDataDirInUse(target.dataDir) ? [target.dataDir] : [];
  const database = await openDatabase({ url: target.url, poolSize: 1 });
  try {
    const { rows } = await database.raw.query<{ name: string }>(
      "select schemaname || '.' || tablename as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1");
    return rows.map((r) => r.name);
  } finally {
    await database.close();
  }
}

/** Writes the database to `file`. */
export async function dumpDatabase(target: DatabaseTarget, file: string): Promise<void> {
  if (target.kind === 'pglite') {
    await writeFile(file, await dumpPgliteDataDir(target.dataDir), { mode: 0o600 });
    return;
  }
  // pg_dump reads everything in one repeatable-read snapshot: writes meanwhile are either all in or all out.
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${target.url}`]);
}

/** Puts the database back from `file`; `replace` first drops what the dump holds (restore --force). */
export async function restoreDatabase(target: DatabaseTarget, file: string, replace: boolean): Promise<void> {
  if (target.kind === 'pglite') {
    if (replace) await rm(target.dataDir, { recursive: true, force: true });
    await loadPgliteDataDir(target.dataDir, await readFile(file));
    return;
  }
  await run('pg_restore', [
    '--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction',
    ...(replace ? ['--clean', '--if-exists'] : []), `--dbname=${target.url}`, file,
  ]);
}
