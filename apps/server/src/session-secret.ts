import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { directoryProblem } from './data-dir.ts';

/** Where the secret is kept inside DATA_DIR when SESSION_SECRET is not set. */
export const SESSION_SECRET_FILE = 'session-secret';
const MIN_LENGTH = 32;

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

function readKept(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  const secret = text.trim();
  if (secret.length < MIN_LENGTH) {
    throw new Error(`${file} holds no usable secret (at least ${MIN_LENGTH} characters): remove it to have a new one made (admins log in again, Telegram too), or set SESSION_SECRET`);
  }
  // Only this user may read it, whatever happened to the file since it was made.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return secret;
}

/**
 * Creates `file` holding `text` unless it exists; false when another process made it first.
 * The file appears whole (a hard link to a finished temporary file), readable by its owner only.
 */
export function createOnce(file: string, text: string): boolean {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600, flag: 'wx' });
  try {
    chmodSync(temporary, 0o600);
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    // A file system without hard links: an exclusive create still lets only one process win.
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(errorCode(error) ?? '')) throw error;
    try {
      writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
      return true;
    } catch (createError) {
      if (errorCode(createError) === 'EEXIST') return false;
      throw createError;
    }
  } finally {
    unlinkSync(temporary);
  }
}

/**
 * The session secret kept in the data directory: made once, readable by its owner only (0600),
 * and read again on every later start, so a restart keeps captchas being answered and the
 * sealed Telegram session. Processes starting at the same moment agree on one: the first one to
 * create the file wins (createOnce).
 */
export function keptSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  let existing: string | undefined;
  try {
    existing = readKept(file);
  } catch (error) {
    // DATA_DIR's fault (a file on its path, not readable): said as such.
    const problem = errorCode(error) ? directoryProblem(dataDir) : undefined;
    throw problem ? new Error(problem, { cause: error }) : error;
  }
  if (existing) return existing;
  // The first one is written: DATA_DIR must be there (made if missing) and writable, or is said not to be.
  const problem = directoryProblem(dataDir);
  if (problem) throw new Error(problem);
  const secret = randomBytes(32).toString('hex');
  return createOnce(file, `${secret}\n`) ? secret : readKept(file)!;
}
