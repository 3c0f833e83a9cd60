// Regenerating an article from its post keeps what an admin edited by hand (the repo's machine
// writes skip those fields) unless the admin asks to overwrite them; either way the run's write
// keeps the state it replaces as a version, signed by the admin who asked (versions.ts).
import type { Services } from '../../services.ts';
import { articleAdminRepo, type ArticleRow } from './admin-repo.ts';

export async function regenerateKeepingEdits<T extends { finished: boolean }>(
  s: Pick<Services, 'db'>, row: ArticleRow, opts: { overwriteEdits: boolean }, run: () => Promise<T>,
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
  return outcome;
}
