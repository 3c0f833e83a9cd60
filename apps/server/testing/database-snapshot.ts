// Everything the app has stored, as comparable text: every table of the public schema (rows in
// a stable order) and the keys in media storage. Two snapshots are equal when nothing changed.
import type { Database } from '@chapar/db';

export type Snapshot = Record<string, string[]>;

/**
 * Columns that record that a request happened rather than what is stored: a session's
 * sliding expiry moves on every admin request by design.
 */
const ACTIVITY_COLUMNS: Record<string, readonly string[]> = {
  sessions: ['last_seen_at', 'expires_at'],
};

/** `storages`: media storages; those that can list their keys (memory storage) are included. */
export async function snapshotDatabase(database: Database, storages: Record<string, object> = {}): Promise<Snapshot> {
  const { rows: tables } = await database.raw.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  );
  const snapshot: Snapshot = {};
  for (const { tablename } of tables) {
    const { rows } = await database.raw.query<Record<string, unknown>>(`select * from "${tablename}"`);
    const skipped = ACTIVITY_COLUMNS[tablename] ?? [];
    snapshot[tablename] = rows
      .map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).filter(([column]) => !skipped.includes(column)))))
      .sort();
  }
  for (const [name, storage] of Object.entries(storages)) {
    const { keys } = storage as { keys?: () => string[] };
    if (keys) snapshot[`storage:${name}`] = keys.call(storage).sort();
  }
  return snapshot;
}

/** Tables whose rows differ between two snapshots, with a few of the differing rows. */
export function snapshotDifferences(before: Snapshot, after: Snapshot): Record<string, { gone: string[]; added: string[] }> {
  const differences: Record<string, { gone: string[]; added: string[] }> = {};
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[name] ?? []);
    const is = new Set(after[name] ?? []);
    const gone = [...was].filter((row) => !is.has(row));
    const added = [...is].filter((row) => !was.has(row));
    if (gone.length || added.length) differences[name] = { gone: gone.slice(0, 3), added: added.slice(0, 3) };
  }
  return differences;
}
