// The embedded database belongs to one process. PGlite itself does not stop a second process
// from opening the same data directory (both run, and what one writes the other overwrites), so
// whoever opens it first leaves a lock file beside it, `<dataDir>.lock`, naming its process; a
// second opener (serve, worker, admin, migrate, backup…) is refused while that process lives. A
// lock left by a process that died without closing (kill -9, a crash, a power cut) is taken over.
import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface PgliteLockHolder {
  pid: number;
  /** The process's start time as Linux counts it (/proc/<pid>/stat), told apart from a later process given the same pid. */
  startTime?: string;
  hostname?: string;
  command?: string;
  since?: string;
}

/** The second opener's error: says which directory, which process holds it and what to do. */
export class PgliteLockedError extends Error {
  constructor(readonly dataDir: string, readonly holder: PgliteLockHolder) {
    const who = [`pid ${holder.pid}`, holder.command && `"${holder.command}"`, holder.since && `since ${holder.since}`].filter(Boolean).join(', ');
    super(
      `The embedded database in ${dataDir} is in use by another Chapar process (${who}). Only one process can open it at a time: ` +
      'stop the running site first (e.g. systemctl stop, or Ctrl-C in its terminal) and run this again, or make the change through the running site ' +
      '(its admin area). Several processes at once need PostgreSQL (DATABASE_URL). ' +
      `If no such process runs, remove ${lockFileOf(dataDir)}.`,
    );
    this.name = 'PgliteLockedError';
  }
}

export const lockFileOf = (dataDir: string) => `${path.resolve(dataDir).replace(/[/\\]+$/, '')}.lock`;

/** Directories this process holds, so a second open within one process is refused too. */
const heldHere = new Set<string>();

/** Field 22 of /proc/<pid>/stat (the process's start, in clock ticks since boot); undefined off Linux. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function alive(holder: PgliteLockHolder): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return false;
  // Another machine sharing the directory: its processes cannot be looked at from here.
  if (holder.hostname && holder.hostname !== os.hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it lives, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The pid lives, but a process started since (after a reboot, in a new container) may have it.
  const startTime = startTimeOf(holder.pid);
  return !(holder.startTime && startTime && holder.startTime !== startTime);
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function parseHolder(text: string): PgliteLockHolder & { token?: string } {
  try {
    const holder = JSON.parse(text) as PgliteLockHolder;
    if (typeof holder === 'object' && holder !== null) return holder;
  } catch { /* below */ }
  // Damaged: no live process can be named, so it does not hold the directory.
  return { pid: 0 };
}

/**
 * Takes the data directory for this process; throws PgliteLockedError while another live process
 * (or this one) has it. The returned function gives it back. The lock file appears whole (a hard
 * link to a finished temporary file), so two processes starting together cannot both win.
 */
export function lockPgliteDataDir(dataDir: string, command = process.argv.slice(2).join(' ') || 'node'): () => void {
  const dir = path.resolve(dataDir);
  const file = lockFileOf(dir);
  if (heldHere.has(dir)) throw new PgliteLockedError(dir, { pid: process.pid, command: 'this process' });
  mkdirSync(path.dirname(file), { recursive: true });
  const token = randomBytes(8).toString('hex');
  const me: PgliteLockHolder & { token: string } = {
    pid: process.pid, startTime: startTimeOf(process.pid), hostname: os.hostname(), command, since: new Date().toISOString(), token,
  };
  const temporary = `${file}.${process.pid}.${token}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(me)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(temporary, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const seen = readText(file);
      const holder = seen === undefined ? undefined : parseHolder(seen);
      if (holder && alive(holder)) throw new PgliteLockedError(dir, holder);
      if (attempt >= 3) throw new PgliteLockedError(dir, holder ?? { pid: 0 });
      if (seen === undefined) continue;
      // A dead process's lock: moved aside under a name of our own, then the link is tried
      // again. Had another process taken it over meanwhile, what was moved is its new lock: put back.
      const aside = `${file}.stale.${token}`;
      try {
        renameSync(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      if (readText(aside) !== seen) {
        try { linkSync(aside, file); } catch { /* a third process holds it now */ }
      }
      unlinkSync(aside);
    }
  } finally {
    unlinkSync(temporary);
  }
  heldHere.add(dir);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(dir);
    process.off('exit', release);
    // Only our own lock: never one another process took over meanwhile.
    try {
      const text = readText(file);
      if (text !== undefined && parseHolder(text).token === token) unlinkSync(file);
    } catch { /* already gone */ }
  };
  // A process that exits without closing the database (process.exit) leaves no lock behind.
  process.on('exit', release);
  return release;
}

/**
 * The data directory readable by its owner only: the directory 0700 and nothing in it open to the
 * group or others (PGlite makes its files 0666). It holds password hashes and subscribers' addresses.
 */
export function restrictPgliteDataDir(dataDir: string): void {
  chmodSync(dataDir, 0o700);
  for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const { mode } = lstatSync(file);
    if (!entry.isSymbolicLink() && (mode & 0o077) !== 0) chmodSync(file, mode & 0o700);
  }
}
