// DATA_DIR is checked when a command opens the site: a directory this process can make and write
// in, or one message naming it, what is wrong and what to do (as port-check.ts does for PORT),
// instead of an EACCES, ENOTDIR or EROFS from whichever file happened to be written first.
import { mkdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const errorCode = (error: unknown) => String((error as NodeJS.ErrnoException | undefined)?.code ?? '');

function whoAmI(): string {
  try {
    return os.userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? '?'}`;
  }
}

/** The nearest part of `dir` that exists: itself, a parent, or the root. */
function nearestExisting(dir: string): string {
  for (let at = dir; ; at = path.dirname(at)) {
    try {
      statSync(at);
      return at;
    } catch {
      if (path.dirname(at) === at) return at;
    }
  }
}

/** Makes the missing parts of `dir` one at a time (Node's recursive mkdir never returns under /proc). */
function makeDirectory(dir: string, from: string): void {
  const missing: string[] = [];
  for (let at = dir; at !== from && path.dirname(at) !== at; at = path.dirname(at)) missing.unshift(at);
  for (const part of missing) {
    try {
      mkdirSync(part);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
  }
}

const FIX = 'or set DATA_DIR to a directory this user can write to (the embedded database, media and the site\'s kept secrets live there)';

/**
 * Why `dir` cannot be used as `what` ("DATA_DIR", or the embedded database's directory in it),
 * after making it when it is missing; undefined when this process can write in it.
 */
export function directoryProblem(dir: string, what = 'DATA_DIR'): string | undefined {
  const who = whoAmI();
  const existing = nearestExisting(dir);
  if (!statSync(existing).isDirectory()) {
    return `${what} ${dir} cannot be used: ${existing} is a file, not a directory. Move the file away, ${FIX}.`;
  }
  const missing = existing !== dir;
  try {
    makeDirectory(dir, existing);
    const probe = path.join(dir, `.write-check.${process.pid}`);
    writeFileSync(probe, '');
    unlinkSync(probe);
    return undefined;
  } catch (error) {
    const code = errorCode(error);
    const where = missing ? `does not exist, and cannot be created in ${existing}` : 'is not writable';
    if (code === 'EROFS') return `${what} ${dir} ${where}: it is on a read-only file system. Mount it read-write, ${FIX}.`;
    if (code === 'ENOSPC' || code === 'EDQUOT') return `${what} ${dir} ${where}: the disk is full (or this user's quota used up). Free some space, ${FIX}.`;
    if (code === 'EACCES' || code === 'EPERM') {
      if (process.getuid?.() === 0) return `${what} ${dir} ${where}, even by root: it is marked immutable (lsattr; chattr -i to undo) or mounted read-only. Undo that, ${FIX}.`;
      const give = missing ? `Create it for this user (e.g. sudo install -d -o ${who} -m 700 ${dir})` : `Give it to this user (e.g. sudo chown -R ${who} ${dir})`;
      return `${what} ${dir} ${where} by this user (${who}). ${give}, ${FIX}.`;
    }
    return `${what} ${dir} ${where} (${(error as Error).message}). Check it, ${FIX}.`;
  }
}

/** DATA_DIR, and the embedded database's directory in it when there is one already: the first problem found. */
export function dataDirProblem(dataDir: string, embeddedDatabase: boolean): string | undefined {
  const problem = directoryProblem(dataDir);
  if (problem || !embeddedDatabase) return problem;
  const database = path.join(dataDir, 'pglite');
  try {
    if (!statSync(database).isDirectory()) return `The embedded database's directory ${database} cannot be used: it is a file, not a directory. Move the file away, ${FIX}.`;
  } catch {
    // Made by the database when it opens.
    return undefined;
  }
  return directoryProblem(database, 'The embedded database\'s directory');
}
