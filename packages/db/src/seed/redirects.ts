// Old article addresses that must keep working. Spec 02 §2: article 884 became 885.
import type { Database } from '../client.ts';
import { articleRedirects } from '../schema/index.ts';

export const SPEC_REDIRECTS: ReadonlyArray<{ fromId: number; toId: number }> = [{ fromId: 884, toId: 885 }];

/** Inserts the spec's redirects that are missing; never changes an existing row. Returns how many were new. */
export async function seedRedirects(database: Database): Promise<number> {
  const inserted = await database.db.insert(articleRedirects)
    .values(SPEC_REDIRECTS.map((r) => ({ ...r, reason: 'spec' })))
    .onConflictDoNothing({ target: articleRedirects.fromId })
    .returning({ fromId: articleRedirects.fromId });
  return inserted.length;
}
