// Publishing from the admin table: an article taken down (by an admin, or because its post was
// deleted from the channel) can be published again, and any article taken down with a reason.
// An admin's choice is kept from ingestion (edited_fields holds 'status').
import { ADMIN_ARTICLE_MESSAGES, ADMIN_ARTICLE_TABLE_MESSAGES } from '@chapar/shared/contracts';
import { notFound } from '../../errors.ts';
import { queuePodcast } from '../podcasts/service.ts';
import type { Services } from '../../services.ts';
import { ltr } from '@chapar/shared/text';
import { articleAdminRepo, type ArticleRow } from './admin-repo.ts';
import { adminTableRepo, toAdminRow } from './admin-table.ts';
import { postStore } from '../posts/post-store.ts';
import { keepBefore } from './change-log.ts';
import { withFields } from './edit-protection.ts';

type PublishingDeps = Pick<Services, 'config' | 'db' | 'log' | 'jobs' | 'contentChanged'>;

/** Writes the new state of one article; false when it was already so. */
async function writeStatus(s: Pick<Services, 'config' | 'db' | 'log' | 'jobs'>, current: ArticleRow, publish: boolean, by: string, reason?: string): Promise<boolean> {
  if ((current.status === 'published') === publish) return false;
  const now = new Date();
  // Inside an operation (a bulk publish), its publishing state as it was is kept for the undo.
  await keepBefore(s.db, current, ['status', 'unpublishedReason', 'unpublishedAt']);
  await articleAdminRepo.saveEdit(s.db, current.id, {
    status: publish ? 'published' : 'unpublished',
    unpublishedReason: publish ? null : (reason || `از انتشار خارج شد توسط ${ltr(by)}`),
    unpublishedAt: publish ? null : now,
    editedFields: withFields(current.editedFields, ['status']),
    updatedAt: now,
  });
  if (publish) queuePodcast(s, current.id);
  return true;
}

/** The bulk action of the articles table, on the rows it read: the ids of those that changed state. */
export async function setPublishedMany(s: PublishingDeps, rows: ArticleRow[], publish: boolean, by: string): Promise<number[]> {
  const changed: number[] = [];
  for (const row of rows) if (await writeStatus(s, row, publish, by)) changed.push(row.id);
  if (changed.length) s.contentChanged({ articleIds: changed });
  return changed;
}

export async function setPublished(s: PublishingDeps, id: number, publish: boolean, opts: { by: string; reason?: string }) {
  const current = await articleAdminRepo.byId(s.db, id);
  if (!current) throw notFound(ADMIN_ARTICLE_MESSAGES.notFound);
  const already = !(await writeStatus(s, current, publish, opts.by, opts.reason));
  if (!already) s.contentChanged({ articleIds: [id] });
  const row = await adminTableRepo.row(s.db, id);
  const messages = publish
    ? [ADMIN_ARTICLE_TABLE_MESSAGES.published, ADMIN_ARTICLE_TABLE_MESSAGES.alreadyPublished]
    : [ADMIN_ARTICLE_TABLE_MESSAGES.unpublished, ADMIN_ARTICLE_TABLE_MESSAGES.alreadyUnpublished];
  return { success: true, message: already ? messages[1] : messages[0], article: toAdminRow(row!, await postStore.missingMediaFor(s.db, id)) };
}
