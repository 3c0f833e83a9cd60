// The channels screen: the channels with their rules, post and article counts; adding,
// editing and switching them on and off (checks, the monitor and the health page read the
// table, so they follow at once); validation against Telegram (reachable? posts on the
// newest page?) and an export.
import { CHANNEL_MESSAGES, CHANNEL_ROLES, type ChannelInfo, type ChannelRole, type ChannelValidation as Validation } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { TelegramFetchError } from '../../integrations/telegram/index.ts';
import type { Services } from '../../services.ts';
import { defaultCleaningRules, effectiveRules, type CleaningRules } from './cleaning-rules.ts';
import { channelRepo, type ChannelRow } from './repo.ts';
import { toPersianDigits as fa } from '@chapar/shared/text';
import { failureText } from '../../integrations/failure-text.ts';

type PostStats = Awaited<ReturnType<typeof channelRepo.postStats>>;

function toInfo(row: ChannelRow, counts: Map<string, number>, posts: PostStats): ChannelInfo {
  const stats = posts.get(row.username.toLowerCase());
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
    postCount: stats?.posts ?? 0,
    lastPostAt: stats?.lastPostAt?.toISOString() ?? null,
    url: `https://t.me/${row.username}`,
  };
}

export async function listChannels(s: Pick<Services, 'db'>): Promise<ChannelInfo[]> {
  const [rows, counts, posts] = await Promise.all([channelRepo.list(s.db), channelRepo.articleCounts(s.db), channelRepo.postStats(s.db)]);
  return rows.map((row) => toInfo(row, counts, posts));
}

async function describe(s: Pick<Services, 'db'>, row: ChannelRow): Promise<ChannelInfo> {
  const [counts, posts] = await Promise.all([channelRepo.articleCounts(s.db), channelRepo.postStats(s.db)]);
  return toInfo(row, counts, posts);
}

export const EMPTY_CHANNEL_PATCH_MESSAGE = 'چیزی برای تغییر فرستاده نشده است: عنوان یا قواعد پاک‌سازی کانال را بفرستید';

/** 'Join us' patterns are regular expressions an admin types: a broken one is refused, not stored. */
function checkPatterns(rules: CleaningRules | undefined): void {
  for (const pattern of rules?.joinPatterns ?? []) {
    try {
      new RegExp(pattern, 'iu');
    } catch {
      throw badRequest(CHANNEL_MESSAGES.badPattern(pattern));
    }
  }
}

/** Stored rules keep only the lines with text in them. */
function tidyRules(rules: CleaningRules): CleaningRules {
  const lines = (list: string[] | undefined) => list?.map((x) => x.trim()).filter(Boolean);
  return Object.fromEntries(Object.entries({
    ...rules, signatures: lines(rules.signatures), adMarkers: lines(rules.adMarkers), joinPatterns: lines(rules.joinPatterns),
  }).filter(([, v]) => v !== undefined)) as CleaningRules;
}

/**
 * A role (primary, secondary) belongs to one active channel at most, so 'the primary source' is
 * always one channel. A channel switched off holds none: switching one off frees its role.
 */
async function requireFreeRole(db: Db, wanted: { id?: number; role: string; isActive: boolean }): Promise<void> {
  if (!wanted.isActive || !(CHANNEL_ROLES as readonly string[]).includes(wanted.role)) return;
  const holder = (await channelRepo.active(db)).find((c) => c.role === wanted.role && c.id !== wanted.id);
  if (holder) throw new AppError('conflict', CHANNEL_MESSAGES.roleTaken(wanted.role as ChannelRole, holder.username));
}

export interface ChannelPatch { title?: string; role?: 'primary' | 'secondary'; isActive?: boolean; cleaningRules?: CleaningRules }

export async function updateChannel(s: Pick<Services, 'db'>, id: number, patch: ChannelPatch): Promise<ChannelInfo> {
  // An update with nothing in it is a mistake of the caller, not a no-op to run against the table.
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as ChannelPatch;
  if (!Object.keys(changes).length) throw badRequest(EMPTY_CHANNEL_PATCH_MESSAGE);
  checkPatterns(changes.cleaningRules);
  if (changes.cleaningRules) changes.cleaningRules = tidyRules(changes.cleaningRules);
  const row = await s.db.transaction(async (tx) => {
    await channelRepo.lockRoles(tx);
    const current = await channelRepo.byId(tx, id);
    if (!current) throw notFound(CHANNEL_MESSAGES.notFound);
    if (changes.role !== undefined || changes.isActive !== undefined) {
      await requireFreeRole(tx, { id, role: changes.role ?? current.role, isActive: changes.isActive ?? current.isActive });
    }
    return channelRepo.update(tx, id, changes);
  });
  if (!row) throw notFound(CHANNEL_MESSAGES.notFound);
  return describe(s, row);
}

export async function createChannel(s: Pick<Services, 'db'>, input: { username: string; role: 'primary' | 'secondary'; title?: string; isActive?: boolean; cleaningRules?: CleaningRules }): Promise<ChannelInfo> {
  checkPatterns(input.cleaningRules);
  const isActive = input.isActive ?? true;
  const row = await s.db.transaction(async (tx) => {
    await channelRepo.lockRoles(tx);
    if (await channelRepo.byUsername(tx, input.username)) throw new AppError('conflict', CHANNEL_MESSAGES.duplicate(input.username));
    await requireFreeRole(tx, { role: input.role, isActive });
    return channelRepo.insert(tx, {
      username: input.username,
      role: input.role,
      title: input.title || `@${input.username}`,
      isActive,
      cleaningRules: input.cleaningRules ? tidyRules(input.cleaningRules) : defaultCleaningRules(input.username),
    });
  });
  if (!row) throw new AppError('conflict', CHANNEL_MESSAGES.duplicate(input.username));
  return describe(s, row);
}

/** Reads each active channel's newest page, as a check would. */
export async function validateChannels(s: Pick<Services, 'db' | 'sources'>): Promise<{ success: boolean; message: string; results: Validation[] }> {
  const { source } = await s.sources.current();
  const results: Validation[] = [];
  for (const row of await channelRepo.active(s.db)) {
    const started = performance.now();
    try {
      const page = await source.fetchPage(row.username);
      // A page of no posts from a channel that had some is what a check reports as a failure too.
      const empty = !page.posts.length && row.lastSeenMessageId !== null;
      results.push({
        username: row.username, role: row.role, valid: true, reachable: !empty, postsOnPage: page.posts.length,
        latestPostId: page.posts.at(-1)?.messageId ?? null, responseTime: Math.round(performance.now() - started), error: empty ? CHANNEL_MESSAGES.emptyPage : null,
      });
    } catch (error) {
      const invalid = error instanceof TelegramFetchError && (error.code === 'invalid_channel' || error.code === 'not_found');
      results.push({
        username: row.username, role: row.role, valid: !invalid, reachable: false, postsOnPage: 0, latestPostId: null,
        responseTime: Math.round(performance.now() - started), error: failureText(error),
      });
    }
  }
  const ok = results.filter((r) => r.reachable).length;
  const message = results.length ? `${fa(ok)} از ${fa(results.length)} کانال در دسترس است` : 'هیچ کانال فعالی در فهرست کانال‌ها نیست';
  return { success: results.length > 0 && ok === results.length, message, results };
}
