// The monitor's state lives in the settings table, so stopping it, starting it and its
// last results all survive a restart, and every process sees the same.
import { eq } from 'drizzle-orm';
import { settings, type Db } from '@chapar/db';
import type { PostRef } from '../posts/post-store.ts';

const ENABLED_KEY = 'monitor.enabled';
const LAST_KEY = 'monitor.last';

export interface StoredLastResults {
  newPosts: number;
  lastCheck: string;
  success: boolean;
  errors: string[];
  /** The posts that check handed to the pipeline; processedPosts is counted from them. */
  posts: PostRef[];
}

async function read<T>(db: Db, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row?.value as T | undefined;
}

async function write(db: Db, key: string, value: unknown): Promise<void> {
  await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

export const monitorState = {
  /** Unset until an admin first starts or stops it: then MONITOR_AUTOSTART decides. */
  async enabled(db: Db, fallback: boolean): Promise<boolean> {
    const value = await read<{ enabled: boolean }>(db, ENABLED_KEY);
    return value?.enabled ?? fallback;
  },
  async setEnabled(db: Db, enabled: boolean, by: string | null): Promise<void> {
    await write(db, ENABLED_KEY, { enabled, by, at: new Date().toISOString() });
  },
  async lastResults(db: Db): Promise<StoredLastResults | undefined> {
    return read<StoredLastResults>(db, LAST_KEY);
  },
  async setLastResults(db: Db, value: StoredLastResults): Promise<void> {
    await write(db, LAST_KEY, value);
  },
};
