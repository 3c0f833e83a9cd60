// The channels screen: the configured channels with their rules and article counts,
// validation against Telegram (reachable? posts on the newest page?) and an export.
import type { ChannelInfo, ChannelValidation as Validation } from '@chapar/shared/contracts';
import { badRequest, notFound } from '../../errors.ts';
import { TelegramFetchError } from '../../integrations/telegram/index.ts';
import type { Services } from '../ingest/services.ts';
import { effectiveRules, type CleaningRules } from './cleaning-rules.ts';
import { channelRepo, type ChannelRow } from './repo.ts';

function toInfo(row: ChannelRow, counts: Map<string, number>): ChannelInfo {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    title: row.title,
    isActive: row.isActive,
    cleaningRules: effectiveRules(row.username, row.cleaningRules),
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastSeenMessageId: row.lastSeenMessageId,
    articleCount: counts.get(row.username.toLowerCase()) ?? 0,
    url: `https://t.me/${row.username}`,
  };
}

export async function listChannels(s: Services): Promise<ChannelInfo[]> {
  const [rows, counts] = await Promise.all([channelRepo.list(s.db), channelRepo.articleCounts(s.db)]);
  return rows.map((row) => toInfo(row, counts));
}

export const EMPTY_CHANNEL_PATCH_MESSAGE = 'چیزی برای تغییر فرستاده نشده است: عنوان یا قواعد پاک‌سازی کانال را بفرستید';

export async function updateChannel(s: Services, id: number, patch: { title?: string; cleaningRules?: CleaningRules }): Promise<ChannelInfo> {
  // An update with nothing in it is a mistake of the caller, not a no-op to run against the table.
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  if (!Object.keys(changes).length) throw badRequest(EMPTY_CHANNEL_PATCH_MESSAGE);
  const row = await channelRepo.update(s.db, id, changes);
  if (!row) throw notFound('کانال یافت نشد');
  return toInfo(row, await channelRepo.articleCounts(s.db));
}

/** Reads each active channel's newest page, as a check would. */
export async function validateChannels(s: Services): Promise<{ success: boolean; message: string; results: Validation[] }> {
  const { source } = await s.sources.current();
  const results: Validation[] = [];
  for (const row of await channelRepo.active(s.db)) {
    const started = performance.now();
    try {
      const page = await source.fetchPage(row.username);
      results.push({
        username: row.username, role: row.role, valid: true, reachable: true, postsOnPage: page.posts.length,
        latestPostId: page.posts.at(-1)?.messageId ?? null, responseTime: Math.round(performance.now() - started), error: null,
      });
    } catch (error) {
      const invalid = error instanceof TelegramFetchError && (error.code === 'invalid_channel' || error.code === 'not_found');
      results.push({
        username: row.username, role: row.role, valid: !invalid, reachable: false, postsOnPage: 0, latestPostId: null,
        responseTime: Math.round(performance.now() - started), error: (error as Error).message,
      });
    }
  }
  const ok = results.filter((r) => r.reachable).length;
  const message = results.length ? `${ok} از ${results.length} کانال در دسترس است` : 'هیچ کانالی پیکربندی نشده است (TELEGRAM_CHANNELS)';
  return { success: results.length > 0 && ok === results.length, message, results };
}
