// Ignored posts (spec 03 §2.4, §4): the list with its counts, a sample recorded from the
// channels' newest pages (the real filters on real posts), an admin's review, and
// processing one anyway, which forces it past the filters into an article.
import type { IgnoredPost } from '@chapar/shared/contracts';
import { classifyCategory } from '../../integrations/ai/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { fetchPostsJob, ingestPostJob } from '../../jobs/specs.ts';
import { articleAdminRepo } from '../articles/admin-repo.ts';
import { compileRules } from '../channels/cleaning-rules.ts';
import { resolveChannels } from '../ingest/check-all.ts';
import { contentIgnoreReason } from '../ingest/filters.ts';
import { publicPostUrl } from '../ingest/ingest-post.ts';
import { normalisePost } from '../posts/normalise.ts';
import { postStore } from '../posts/post-store.ts';
import { runOperation } from '../operations/run-operation.ts';
import type { Services } from '../../services.ts';
import { ignoredRepo, type IgnoredRow } from './repo.ts';
import { toPersianDigits as fa } from '@chapar/shared/text';
import { channelFailureText } from '../../integrations/failure-text.ts';

const LIST_LIMIT = 500;
const NOT_FOUND = 'پست نادیده‌گرفته یافت نشد';

export function toIgnoredPost(row: IgnoredRow): IgnoredPost {
  return {
    id: row.id, telegramId: row.telegramId, source: row.source, url: row.url, reason: row.reason, content: row.content,
    category: row.category, dateFound: row.dateFound.toISOString(), reviewedBy: row.reviewedBy, shouldProcess: row.shouldProcess,
    duplicateOf: row.duplicateOf,
  };
}

export async function listIgnored(s: Pick<Services, 'db'>) {
  const [rows, stats] = await Promise.all([ignoredRepo.list(s.db, LIST_LIMIT), ignoredRepo.stats(s.db)]);
  return { posts: rows.map(toIgnoredPost), stats };
}

export const NO_ACTIVE_CHANNEL = 'هیچ کانال فعالی در فهرست کانال‌ها نیست؛ نخست در زبانهٔ کانال‌ها کانالی بیفزایید یا فعال کنید';

/**
 * Reads each channel's newest page and records the posts the filters leave out. A post that
 * already has an article is not an ignored one; a duplicate keeps the article it repeats.
 */
export async function recordSample(s: Pick<Services, 'db' | 'log' | 'sources'>) {
  const { channels, errors } = await resolveChannels(s);
  // Nothing to read is the site's state, not a failure of the server.
  if (!channels.length) throw new AppError('conflict', NO_ACTIVE_CHANNEL);
  const { source } = await s.sources.current();
  let checked = 0;
  let recorded = 0;
  for (const channel of channels) {
    try {
      const page = await source.fetchPage(channel.username);
      const rules = compileRules(channel.username, channel.cleaningRules);
      for (const post of page.posts) {
        checked++;
        const ref = { source: channel.username, telegramId: post.messageId };
        if (await articleAdminRepo.bySource(s.db, ref.source, ref.telegramId)) continue;
        const normalised = normalisePost(post, rules);
        const duplicate = await articleAdminRepo.withTextHash(s.db, normalised.textHash, ref);
        const reason = contentIgnoreReason(post, normalised, rules) ?? (duplicate ? 'duplicate' : undefined);
        if (!reason) continue;
        const { row } = await postStore.saveFetched(s.db, channel.username, post);
        if (row.state === 'new') await postStore.setState(s.db, ref, 'ignored');
        await ignoredRepo.record(s.db, {
          ...ref, url: publicPostUrl(ref), reason, content: normalised.plain || post.text,
          category: normalised.plain ? classifyCategory(normalised.plain).category : null,
          duplicateOf: reason === 'duplicate' ? duplicate?.id ?? null : null,
        });
        recorded++;
      }
    } catch (error) {
      s.log.warn(`sample of ${channel.username} failed: ${(error as Error).message}`);
      errors.push(channelFailureText(error, channel.username));
    }
  }
  // Every channel failed to answer: the dependency failed, which is what a 503 says.
  if (errors.length && !checked) throw new AppError('unavailable', `خطا در ثبت پستهای نمونه: ${errors.join('، ')}`);
  return { success: true, message: `${fa(checked)} پست بررسی شد و ${fa(recorded)} پست نادیده‌گرفته ثبت شد`, checked, recorded, errors };
}

/**
 * The reviewer is the signed-in admin: a name in the body (the spec's adminName) is not
 * trusted, so a review always says who really made it.
 */
export async function reviewIgnored(s: Pick<Services, 'db'>, id: number, review: { shouldProcess: boolean }, reviewer: string) {
  const row = await ignoredRepo.review(s.db, id, { shouldProcess: review.shouldProcess, reviewedBy: reviewer });
  if (!row) throw notFound(NOT_FOUND);
  return { success: true, message: review.shouldProcess ? 'پست برای پردازش علامت‌گذاری شد' : 'پست بررسی شد', post: toIgnoredPost(row) };
}

export async function processIgnored(s: Pick<Services, 'config' | 'db' | 'jobs'>, id: number, by: string | null) {
  const row = await ignoredRepo.byId(s.db, id);
  if (!row) throw notFound(NOT_FOUND);
  const stored = await postStore.get(s.db, row.source, row.telegramId);
  const outcome = stored
    ? await runOperation(s, ingestPostJob, { source: row.source, telegramId: row.telegramId, force: true }, { kind: 'process-ignored', requestedBy: by })
    : await runOperation(s, fetchPostsJob, { source: row.source, ids: [row.telegramId], force: true }, { kind: 'process-ignored', requestedBy: by });
  const articleId = (outcome.result.articleId as number | null | undefined) ?? null;
  if (outcome.finished && !articleId) throw new AppError('unavailable', 'خطا در پردازش پست');
  return {
    outcome,
    body: {
      success: outcome.finished, operationId: outcome.operation.id, articleId,
      message: outcome.finished ? `پست به مقالهٔ ${fa(articleId!)} تبدیل شد` : 'پردازش پست در حال اجراست',
    },
  };
}
