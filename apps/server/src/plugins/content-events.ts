import { randomUUID } from 'node:crypto';
import type { Database } from '@chapar/db';

/**
 * "What readers see has changed", across processes: web processes keep rendered pages and hot
 * reads in memory, while a worker process (or another web process) may publish, edit or
 * withdraw an article. Each announces the change through the database (NOTIFY), and every web
 * process drops its caches when it hears one, instead of serving the old pages until they expire.
 */
export const CONTENT_CHANNEL = 'chapar_content_changed';

/** One per process: a process ignores its own announcements (it has dropped its caches already). */
export const PROCESS_ORIGIN = randomUUID();

export async function announceContentChanged(database: Database, origin: string = PROCESS_ORIGIN): Promise<void> {
  await database.raw.query('select pg_notify($1, $2)', [CONTENT_CHANNEL, origin]);
}

/**
 * Calls `onChange` whenever another process announces a change (and after the listening
 * connection comes back, as announcements may have been missed); resolves to a stop function.
 */
export function followContentChanges(database: Database, onChange: () => void, origin: string = PROCESS_ORIGIN): Promise<() => Promise<void>> {
  return database.listen(CONTENT_CHANNEL, (from) => {
    if (from !== origin) onChange();
  });
}
