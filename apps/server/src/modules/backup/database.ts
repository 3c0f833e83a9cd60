// The database part of a backup: the embedded database's data directory as PGlite archives it,
// or a PostgreSQL database as pg_dump writes it (one snapshot, so consistent while the site runs).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { dumpPgliteDataDir, loadPgliteDataDir, openDatabase, pgliteDataDirInUse } from '@chapar/db';

export type DatabaseTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** A client program ran and failed (not: it is missing). */
class ProgramFailed extends Error {}

/** Runs a PostgreSQL client program; its own error text when it fails, a clear one when it is missing. */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT'
      ? new Error(`${program} was not found: install PostgreSQL's client programs (Debian: apt install postgresql-client), the same major version as the server or newer`)
      : error));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new ProgramFailed(`${program} failed (exit ${code}): ${stderr.trim()}`))));
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

/** A backup's database, read whole and checked, ready to take the site's place. */
export interface LoadedDatabase {
  /** Puts it in the site's place: PGlite by a rename, PostgreSQL by pg_restore in one transaction. */
  swapIn(): Promise<void>;
  /** Undoes whatever swapIn did and removes what it kept; false where there is nothing to put back (an empty PostgreSQL database replaced). */
  putBack(): Promise<boolean>;
  /** After a restore that succeeded: removes the site's replaced database (PostgreSQL: its dump). */
  finish(): Promise<void>;
}

/** An error's text without its closing full stop, to be placed inside a sentence. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
const unreadable = (file: string, error: unknown) =>
  new Error(`the database archive ${path.basename(file)} could not be read (${messageOf(error)}): the backup is damaged, or was made by a version this one cannot read`);

/**
 * Reads the archive whole before anything of the site is touched: PGlite loads it into a directory
 * beside the site's and opens it; PostgreSQL has pg_restore read every part of it into nothing.
 * `replace`: the swap drops what the dump holds (restore --force).
 */
export async function loadDatabase(target: DatabaseTarget, file: string, replace: boolean): Promise<LoadedDatabase> {
  if (target.kind === 'postgres') {
    await run('pg_restore', [`--file=${os.devNull}`, file]).catch((error: unknown) => {
      throw error instanceof ProgramFailed ? unreadable(file, error) : error;
    });
    const restore = (archive: string) => run('pg_restore', [
      '--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...(replace ? ['--clean', '--if-exists'] : []), `--dbname=${target.url}`, archive,
    ]);
    // The site's own database, dumped just before it is replaced and kept until the restore has
    // finished: a later step that fails restores it, as PGlite's is renamed back.
    let kept: string | undefined;
    let restored = false;
    const removeKept = async () => {
      if (kept) await rm(path.dirname(kept), { recursive: true, force: true });
      kept = undefined;
    };
    return {
      async swapIn() {
        if (replace) {
          kept = path.join(await mkdtemp(path.join(os.tmpdir(), 'chapar-replaced-')), 'database.pgdump');
          await dumpDatabase(target, kept);
        }
        // One transaction: a failure part way rolls back the drops too.
        await restore(file);
        restored = true;
      },
      async putBack() {
        if (restored) {
          // An empty database replaced: there is nothing of the site's own to put back.
          if (!kept) return false;
          await restore(kept).catch((error: unknown) => {
            throw new Error(`the site's own database could not be put back (${messageOf(error)}): it is kept in ${kept}; restore it with pg_restore --clean --single-transaction by hand`);
          });
          restored = false;
        }
        await removeKept();
        return true;
      },
      finish: removeKept,
    };
  }
  const token = randomBytes(4).toString('hex');
  const loaded = `${target.dataDir}.restoring-${token}`;
  const aside = `${target.dataDir}.replaced-${token}`;
  try {
    await loadPgliteDataDir(loaded, await readFile(file));
  } catch (error) {
    await rm(loaded, { recursive: true, force: true });
    // The disk's own failures (full, not writable) are not the backup's.
    throw typeof (error as NodeJS.ErrnoException).syscall === 'string' ? error : unreadable(file, error);
  }
  let [swappedIn, movedAside] = [false, false];
  return {
    async swapIn() {
      if (pgliteDataDirInUse(target.dataDir)) {
        await rename(target.dataDir, aside);
        movedAside = true;
      } else {
        await rm(target.dataDir, { recursive: true, force: true }); // missing or an empty directory
      }
      await rename(loaded, target.dataDir);
      swappedIn = true;
    },
    async putBack() {
      try {
        if (swappedIn) await rename(target.dataDir, loaded);
        swappedIn = false;
        if (movedAside) await rename(aside, target.dataDir);
        movedAside = false;
      } catch (error) {
        throw new Error(`the site's own database could not be put back (${messageOf(error)}): it is kept in ${aside}; move it to ${target.dataDir} by hand`);
      }
      await rm(loaded, { recursive: true, force: true });
      return true;
    },
    async finish() {
      if (movedAside) await rm(aside, { recursive: true, force: true });
      movedAside = false;
    },
  };
}
