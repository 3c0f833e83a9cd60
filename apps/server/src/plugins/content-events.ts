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

/** What a change touched, when the writer knows: the articles whose own pages must go. */
export interface AnnouncedChange {
  articleIds: number[];
}

/** The payload: the origin, then the changed article ids when known ("<origin> 12,13"). */
export async function announceContentChanged(database: Database, origin: string = PROCESS_ORIGIN, change?: AnnouncedChange): Promise<void> {
  const payload = change?.articleIds.length ? `${origin} ${change.articleIds.join(',')}` : origin;
  await database.raw.query('select pg_notify($1, $2)', [CONTENT_CHANNEL, payload]);
}

/**
 * Calls `onChange` whenever another process announces a change (and after the listening
 * connection comes back, as announcements may have been missed); resolves to a stop function.
 */
export function followContentChanges(database: Database, onChange: (change?: AnnouncedChange) => void, origin: string = PROCESS_ORIGIN): Promise<() => Promise<void>> {
  return database.listen(CONTENT_CHANNEL, (payload) => {
    const [from, ids] = String(payload ?? '').split(' ', 2);
    if (from === origin) return;
    const articleIds = (ids ?? '').split(',').map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
    onChange(articleIds.length ? { articleIds } : undefined);
  });
}
