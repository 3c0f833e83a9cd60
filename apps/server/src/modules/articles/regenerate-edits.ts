// Regenerating an article from its post keeps what an admin edited by hand (the repo's machine
// writes skip those fields) unless the admin asks to overwrite them; either way the state it
// replaces is kept as a version.
import type { Services } from '../../services.ts';
import { articleAdminRepo, type ArticleRow } from './admin-repo.ts';
import { changedFields } from './edit-protection.ts';
import { versionRepo } from './versions.ts';

export async function regenerateKeepingEdits<T extends { finished: boolean }>(
  s: Pick<Services, 'db'>, row: ArticleRow, opts: { overwriteEdits: boolean; by: string | null }, run: () => Promise<T>,
): Promise<T> {
  const released = opts.overwriteEdits && row.editedFields.some((f) => f !== 'status');
  // Overwriting releases the marks (an admin's publishing choice stays); a failed run puts them back.
  if (released) await articleAdminRepo.saveEdit(s.db, row.id, { editedFields: row.editedFields.filter((f) => f === 'status') });
  let outcome: T;
  try {
    outcome = await run();
  } catch (error) {
    if (released) await articleAdminRepo.saveEdit(s.db, row.id, { editedFields: row.editedFields });
    throw error;
  }
  const fresh = await articleAdminRepo.byId(s.db, row.id);
  const changed = fresh ? changedFields(row, fresh) : [];
  // A run still going may change it later: its starting point is kept all the same.
  if (changed.length || !outcome.finished) await versionRepo.keep(s.db, row, { action: 'regenerate', changed, by: opts.by });
  return outcome;
}
