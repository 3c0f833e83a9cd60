// Publishing from the admin table: an article taken down (by an admin, or because its post was
// deleted from the channel) can be published again, and any article taken down with a reason.
// An admin's choice is kept from ingestion (edited_fields holds 'status').
import { ADMIN_ARTICLE_MESSAGES, ADMIN_ARTICLE_TABLE_MESSAGES } from '@chapar/shared/contracts';
import { notFound } from '../../errors.ts';
import { queuePodcast } from '../podcasts/service.ts';
import type { Services } from '../ingest/services.ts';
import { articleAdminRepo } from './admin-repo.ts';
import { adminTableRepo, toAdminRow } from './admin-table.ts';
import { withFields } from './edit-protection.ts';

export async function setPublished(s: Services, id: number, publish: boolean, opts: { by: string; reason?: string }) {
  const current = await articleAdminRepo.byId(s.db, id);
  if (!current) throw notFound(ADMIN_ARTICLE_MESSAGES.notFound);
  const already = (current.status === 'published') === publish;
  if (!already) {
    const now = new Date();
    await articleAdminRepo.saveEdit(s.db, id, {
      status: publish ? 'published' : 'unpublished',
      unpublishedReason: publish ? null : (opts.reason || `از انتشار خارج شد توسط ${opts.by}`),
      unpublishedAt: publish ? null : now,
      editedFields: withFields(current.editedFields, ['status']),
      updatedAt: now,
    });
    s.contentChanged({ articleIds: [id] });
    if (publish) queuePodcast(s, id);
  }
  const row = await adminTableRepo.row(s.db, id);
  const messages = publish
    ? [ADMIN_ARTICLE_TABLE_MESSAGES.published, ADMIN_ARTICLE_TABLE_MESSAGES.alreadyPublished]
    : [ADMIN_ARTICLE_TABLE_MESSAGES.unpublished, ADMIN_ARTICLE_TABLE_MESSAGES.alreadyUnpublished];
  return { success: true, message: already ? messages[1] : messages[0], article: toAdminRow(row!) };
}
