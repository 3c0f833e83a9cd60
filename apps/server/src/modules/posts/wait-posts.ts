// Waiting for posts handed to the per-post jobs, for callers that answer with the
// outcome (an admin's 'add the latest 5', the monitor's 'check now'). Reads the posts'
// states, so it works whichever process runs the jobs.
import { setTimeout as sleep } from 'node:timers/promises';
import { reportLine, type ReportItem } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { formatNumberFa } from '@chapar/shared/text';
import { postStore, type PostRef, type PostState } from './post-store.ts';

const SETTLED = new Set(['published', 'ignored', 'blocked', 'deleted', 'failed']);

/** Where a post stands, as the report says it. */
export const POST_STATE_LABELS: Record<PostState, string> = {
  new: 'در صف پردازش', processing: 'در حال پردازش', published: 'منتشر شد', ignored: 'نادیده گرفته شد',
  blocked: 'در فهرست مسدود است', failed: 'ناموفق', deleted: 'از کانال حذف شده است', held: 'ویرایش‌شده در کانال؛ در انتظار تأیید ویراستار',
};

export interface PostsOutcome {
  /** Posts that reached a final state (failed included: its retries go on in the background). */
  processed: number;
  published: number;
  /** Posts whose last attempt failed. */
  failed: number;
  /** Published posts the offline rewriter wrote because the AI failed (the post keeps why). */
  aiFallbacks: number;
  /** Published posts whose articles lack media Telegram may still give (the post keeps what), their report items: in `published` too. */
  withoutMedia: ReportItem[];
  pending: number;
  report: ReportItem[];
}

/** A post published without media Telegram may still give: «منتشر شد، بی‌تصویر: دریافت از تلگرام نشد (…)». */
export const publishedWithout = (missingMedia: string) => `${POST_STATE_LABELS.published}، ${missingMedia}`;

/** The count of a run's posts published without media, as its summaries say it. */
export const withoutMediaWords = (n: number) => `${formatNumberFa(n)} مقاله با رسانهٔ ناقص منتشر شد (بررسی بعدی رسانه را دوباره از تلگرام می‌گیرد)`;

/** Published articles a run asked Telegram again for the media they lacked, and of them those that now lack nothing. */
export const mediaRetryWords = (retried: number, stored: number) =>
  `${formatNumberFa(retried)} مقالهٔ منتشرشده با رسانهٔ ناقص دوباره امتحان شد: ${stored ? `رسانهٔ ${formatNumberFa(stored)} مقاله این بار ذخیره شد` : 'رسانهٔ هیچ‌کدام این بار هم دریافت نشد'}`;

/** A post a run read but left alone, already an article: what the report says of it. */
export const LEFT_PUBLISHED = 'از پیش منتشر شده بود؛ تغییری نکرد';

/** The same of an article that still lacks media (a run that stores none): «…؛ هنوز بی‌تصویر: …». */
export const leftPublishedWithout = (missingMedia: string) => `${LEFT_PUBLISHED}؛ هنوز ${missingMedia}`;

/**
 * Posts a run read but did not hand to the pipeline ('add the latest 5' over posts already
 * articles): listed for the admin as they stand, counted in nothing.
 */
export async function untouchedPosts(db: Db, refs: PostRef[]): Promise<ReportItem[]> {
  return (await summarisePosts(db, refs, { left: true })).report.map((item) => ({ ...item, status: 'skipped' }));
}

/** `left`: the run did not hand these posts to the pipeline, so a published one is said to be left as it was. */
export async function summarisePosts(db: Db, refs: PostRef[], { left = false } = {}): Promise<PostsOutcome> {
  const rows = await postStore.states(db, refs);
  const outcome: PostsOutcome = { processed: 0, published: 0, failed: 0, aiFallbacks: 0, withoutMedia: [], pending: 0, report: [] };
  for (const ref of refs) {
    const row = rows.get(`${ref.source}/${ref.telegramId}`);
    const state = row?.state ?? 'new';
    if (SETTLED.has(state)) outcome.processed++;
    else outcome.pending++;
    if (state === 'published') outcome.published++;
    if (state === 'published' && row?.lastError) outcome.aiFallbacks++;
    const lacking = state === 'published' ? (row?.missingMedia ?? null) : null;
    if (state === 'failed') outcome.failed++;
    const item: ReportItem = {
      status: state === 'published' ? 'success' : state === 'failed' ? 'error' : 'skipped',
      articleId: row?.articleId ?? null,
      filename: `${ref.source}/${ref.telegramId}`,
      fileType: 'post',
      reason: state === 'failed' ? (row?.lastError ?? POST_STATE_LABELS.failed)
        : state === 'published' && left ? (lacking ? leftPublishedWithout(lacking) : LEFT_PUBLISHED)
          : lacking ? publishedWithout(lacking) : POST_STATE_LABELS[state as PostState] ?? state,
    };
    outcome.report.push(item);
    if (lacking) outcome.withoutMedia.push(item);
  }
  return outcome;
}

/** The most failed posts a summary names one by one; the rest are counted, the run's report has them all. */
export const FAILED_POSTS_NAMED = 5;

/**
 * The posts of a run that failed, one line each with the post and why ('پست @akhbar_rooz/97: رسانهٔ
 * پست … ذخیره نشد؛ … ذخیره‌سازی رسانه در دسترس نیست …'), for the summaries an admin reads.
 */
export function failedPostLines(report: ReportItem[], limit = FAILED_POSTS_NAMED): string[] {
  const failed = report.filter((item) => item.status === 'error' && item.fileType === 'post');
  const lines = failed.slice(0, limit).map(reportLine);
  if (failed.length > limit) lines.push(`و ${formatNumberFa(failed.length - limit)} پست ناموفق دیگر (همه در گزارش عملیات)`);
  return lines;
}

/** The posts of a run published without media (PostsOutcome.withoutMedia), one line each with the post and what it lacks; the rest counted. */
export function withoutMediaLines(lacking: ReportItem[], limit = FAILED_POSTS_NAMED): string[] {
  const lines = lacking.slice(0, limit).map(reportLine);
  if (lacking.length > limit) lines.push(`و ${formatNumberFa(lacking.length - limit)} پست دیگر با رسانهٔ ناقص (همه در گزارش عملیات)`);
  return lines;
}

/**
 * Waits until every post has settled and, with `underway` (how many of the posts have a job still
 * to run or running), until its job has ended too: a published post run again for its media is
 * settled before its job starts, and its answer is what that job did.
 */
export async function waitForPosts(db: Db, refs: PostRef[], timeoutMs: number, underway?: (refs: PostRef[]) => Promise<number>): Promise<PostsOutcome> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const outcome = await summarisePosts(db, refs);
    const settled = outcome.pending === 0 && (!underway || (await underway(refs)) === 0);
    if (settled || Date.now() >= deadline) return outcome;
    await sleep(250);
  }
}
