// The blocklist (spec 03 §2.9, §4): posts whose article an admin deleted. Allowing
// regeneration lets the pipeline make the article again when the post comes up (a check,
// an admin's processing); deleting the entry also queues the post at once, so it is
// regenerated automatically.
import type { BlockedPost } from '@chapar/shared/contracts';
import { notFound } from '../../errors.ts';
import { ingestPostJob } from '../../jobs/specs.ts';
import { postStore } from '../posts/post-store.ts';
import type { Services } from '../../services.ts';
import { blocklistRepo, type BlockedRow } from './repo.ts';

const NOT_BLOCKED = 'این پست در فهرست مسدود نیست';

export function toBlockedPost(row: BlockedRow): BlockedPost {
  return {
    id: row.id,
    telegramId: row.telegramId,
    source: row.source,
    title: row.title,
    deletedAt: row.deletedAt.toISOString(),
    reason: row.reason,
    allowRegeneration: row.allowRegeneration,
  };
}

export async function listBlocked(s: Pick<Services, 'db'>): Promise<{ posts: BlockedPost[]; count: number; stats: { total: number; allowed: number; blocked: number } }> {
  const rows = await blocklistRepo.list(s.db);
  const allowed = rows.filter((r) => r.allowRegeneration).length;
  return { posts: rows.map(toBlockedPost), count: rows.length, stats: { total: rows.length, allowed, blocked: rows.length - allowed } };
}

export async function allowRegeneration(s: Pick<Services, 'db'>, source: string, telegramId: number) {
  const row = await blocklistRepo.allow(s.db, source, telegramId);
  if (!row) throw notFound(NOT_BLOCKED);
  return { success: true, message: 'بازتولید این پست مجاز شد', post: toBlockedPost(row) };
}

export async function unblock(s: Pick<Services, 'db' | 'jobs'>, source: string, telegramId: number) {
  const row = await blocklistRepo.remove(s.db, source, telegramId);
  if (!row) throw notFound(NOT_BLOCKED);
  const stored = await postStore.get(s.db, source, telegramId);
  const queued = Boolean(stored && !stored.deletedAt);
  if (queued) await s.jobs.send(ingestPostJob, { source, telegramId });
  return { success: true, message: queued ? 'پست از فهرست مسدود خارج شد و برای ساخت دوباره در صف قرار گرفت' : 'پست از فهرست مسدود خارج شد' };
}
