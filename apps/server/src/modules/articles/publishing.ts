// Publishing from the admin table: an article taken down (by an admin, or because its post was
// deleted from the channel) can be published again, and any article taken down with a reason.
// An admin's choice is kept from ingestion (edited_fields holds 'status').
import type { Db } from '@chapar/db';
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

/** Writes the new state of one article; false when it was already so. The caller queues its podcast once the write is kept. */
async function writeStatus(db: Db, current: ArticleRow, publish: boolean, by: string, reason?: string): Promise<boolean> {
  if ((current.status === 'published') === publish) return false;
  const now = new Date();
  // Inside an operation (a bulk publish), its publishing state as it was is kept for the undo.
  await keepBefore(db, current, ['status', 'unpublishedReason', 'unpublishedAt']);
  await articleAdminRepo.saveEdit(db, current.id, {
    status: publish ? 'published' : 'unpublished',
    unpublishedReason: publish ? null : (reason || `از انتشار خارج شد توسط ${ltr(by)}`),
    unpublishedAt: publish ? null : now,
    editedFields: withFields(current.editedFields, ['status']),
    updatedAt: now,
  });
  return true;
}

/**
 * The bulk action of the articles table, on the rows it read: the ids of those that changed state.
 * One transaction, as the table's other bulk actions: a write that fails leaves every article as it
 * was, and keeps nothing for the undo.
 */
export async function setPublishedMany(s: PublishingDeps, rows: ArticleRow[], publish: boolean, by: string): Promise<number[]> {
  const changed = await s.db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const row of rows) if (await writeStatus(tx, row, publish, by)) ids.push(row.id);
    return ids;
  });
  if (changed.length) s.contentChanged({ articleIds: changed });
  if (publish) for (const id of changed) queuePodcast(s, id);
  return changed;
}

export async function setPublished(s: PublishingDeps, id: number, publish: boolean, opts: { by: string; reason?: string }) {
  const current = await articleAdminRepo.byId(s.db, id);
  if (!current) throw notFound(ADMIN_ARTICLE_MESSAGES.notFound);
  const already = !(await writeStatus(s.db, current, publish, opts.by, opts.reason));
  if (!already) s.contentChanged({ articleIds: [id] });
  if (!already && publish) queuePodcast(s, id);
  const row = await adminTableRepo.row(s.db, id);
  const messages = publish
    ? [ADMIN_ARTICLE_TABLE_MESSAGES.published, ADMIN_ARTICLE_TABLE_MESSAGES.alreadyPublished]
    : [ADMIN_ARTICLE_TABLE_MESSAGES.unpublished, ADMIN_ARTICLE_TABLE_MESSAGES.alreadyUnpublished];
  return { success: true, message: already ? messages[1] : messages[0], article: toAdminRow(row!, await postStore.missingMediaFor(s.db, id)) };
}
