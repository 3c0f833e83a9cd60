// Repairs of existing articles, one function per kind, all keyed to the same Telegram
// post the article came from. The admin's many 'fix …' buttons are these actions on a
// scope of articles (see docs/decisions/0003-ingestion-jobs.md).
import { INGEST_REASONS, reportLine, type ItemOutcome } from '@chapar/shared/contracts';
import { formatJalaliDateTime, handle, toPersianDigits as fa } from '@chapar/shared/text';
import type { TelegramPost, TelegramSource } from '../../integrations/telegram/index.ts';
import { articleAdminRepo, type ArticleRow } from '../articles/admin-repo.ts';
import { mediaRepo } from '../media/repo.ts';
import { queuePodcast } from '../podcasts/service.ts';
import { ingestPost } from './ingest-post.ts';
import { mediaMissing, refreshArticleMedia } from './refresh-media.ts';
import { postStore } from '../posts/post-store.ts';
import { textFix, writeTextFix, type TextAction } from './repair-text.ts';
import type { Services } from '../../services.ts';
import { telegramFailure } from '../../integrations/telegram-failure.ts';
import type { RepairAction } from '../../jobs/specs.ts';

type RepairArticleDeps = Pick<Services, 'config' | 'database' | 'db' | 'log' | 'storage' | 'media' | 'rewriter' | 'offlineRewriter' | 'sources' | 'jobs' | 'mediaPolicy' | 'contentChanged'>;


/** Said of an article the offline rewriter wrote because the AI failed: no answer, or one that could not be used. */
export const OFFLINE_NOTE = 'سرویس هوش مصنوعی پاسخ درستی نداد؛ متن با بازنویس آفلاین نوشته شد';

/** Actions that read the post from Telegram again. */
const NEEDS_POST = new Set<RepairAction>(['regenerate', 'media', 'missing-media', 'match-media', 'dates']);

export const REPAIR_REASONS = {
  postMissing: 'پست در کانال یافت نشد؛ مقاله دست نخورد (برای خارج کردن از انتشار «بررسی مقالات با منبع» را اجرا کنید)',
  notRead: (why: string) => `پست از تلگرام خوانده نشد؛ مقاله دست نخورد: ${why}`,
  /** A run stopped asking the AI after it kept failing: said of each article left, and once in the log. */
  aiStopped: (why: string) => `سرویس هوش مصنوعی در این اجرا پاسخ درستی نداد (${why})؛ این مقاله به آن فرستاده نشد و تغییری نکرد`,
  aiStopping: (why: string) => `سرویس هوش مصنوعی پاسخ درستی نداد (${why})؛ بقیهٔ مقاله‌ها در این اجرا به آن فرستاده نمی‌شود و تغییری نمی‌کند`,
} as const;

export interface ArticleRepair {
  articleId: number;
  status: 'success' | 'skipped' | 'error';
  /** What happened to the article, as the screens say it. */
  outcome: ItemOutcome;
  updated: boolean;
  message: string;
  imageUrl: string | null;
  videoUrl: string | null;
}

export async function repairArticle(
  s: RepairArticleDeps, source: TelegramSource, article: ArticleRow, actions: RepairAction[], finalAttempt: boolean,
  log: (line: string) => Promise<void> = async () => undefined,
  /**
   * requireAI: the admin asked for the AI; when it fails the article is left as it was and the item is an error.
   * overwriteEdits: a regeneration writes the hand-edited fields too, releasing their marks with its write.
   */
  opts: { requireAI?: boolean; overwriteEdits?: boolean } = {},
): Promise<ArticleRepair> {
  const notes: string[] = [];
  let updated = false;
  /** Files of the post that could not be stored: the article keeps what it had, and the item is no success. */
  let mediaFailed = 0;
  let current = article;
  const reload = async () => { current = (await articleAdminRepo.byId(s.db, article.id)) ?? current; };
  const fromTelegram = actions.some((a) => NEEDS_POST.has(a)) || actions.includes('rewrite');
  let post: TelegramPost | null = null;
  if (fromTelegram) {
    if (!article.source || !article.telegramId) return result(article, 'skipped', 'not_checked', 'این مقاله منبع تلگرامی ندارد');
    const ref = { source: article.source, telegramId: article.telegramId };
    if (actions.some((a) => NEEDS_POST.has(a)) || !(await postStore.get(s.db, ref.source, ref.telegramId))) {
      await log(`خواندن پست ${fa(ref.telegramId)} از ${handle(ref.source)} در تلگرام`);
      try {
        post = await source.fetchPost(ref.source, ref.telegramId);
      } catch (error) {
        return result(article, 'skipped', 'not_checked', REPAIR_REASONS.notRead(telegramFailure(error)));
      }
      // A repair never takes an article down: only the verification (verify-source.ts) does, after a confirmation.
      if (!post) return result(article, 'skipped', 'not_checked', REPAIR_REASONS.postMissing);
      await postStore.saveFetched(s.db, ref.source, post);
    }
  }
  for (const action of actions) {
    const ref = { source: current.source!, telegramId: current.telegramId! };
    if (action === 'regenerate' || action === 'rewrite') {
      const outcome = await ingestPost(s, ref, { force: true, skipMedia: action === 'rewrite', finalAttempt, source, requireAI: opts.requireAI, overwriteEdits: opts.overwriteEdits });
      for (const item of outcome.report) await log(reportLine(item));
      const wrote = outcome.status === 'updated' || outcome.status === 'created';
      updated ||= wrote;
      notes.push(!wrote ? INGEST_REASONS.same : action === 'regenerate' ? 'از پست تلگرام بازسازی شد' : 'متن دوباره نوشته شد');
      if (outcome.aiFallback) notes.push(OFFLINE_NOTE);
    } else if (action === 'media' || action === 'missing-media' || action === 'match-media') {
      const why = action === 'media' ? 'همگام‌سازی رسانه' : action === 'missing-media' ? await mediaMissing(s, current, post!) : await mediaMismatch(s, current, post!);
      if (!why) { notes.push('رسانه درست است'); continue; }
      const refreshed = await refreshArticleMedia(s, source, current, post!);
      for (const item of refreshed.media.report) await log(reportLine(item));
      updated ||= refreshed.updated;
      const failed = refreshed.media.report.filter((r) => r.status === 'error').length;
      mediaFailed += failed;
      notes.push(`${why}: ${fa(refreshed.media.report.length - failed)} فایل ذخیره شد${failed ? `، ${fa(failed)} خطا` : ''}`);
    } else if (action === 'dates') {
      if (post && post.date.getTime() !== current.publishedAt.getTime()) {
        await articleAdminRepo.update(s.db, current.id, { publishedAt: post.date });
        updated = true;
        notes.push(`تاریخ انتشار به ${formatJalaliDateTime(post.date)} اصلاح شد`);
      }
    } else if (action !== 'verify-source') {
      const changed = await textAction(s, current, action);
      updated ||= changed !== null;
      if (changed) notes.push(changed);
    }
    await reload();
  }
  if (updated) {
    s.contentChanged();
    queuePodcast(s, current.id);
  }
  return result(current, mediaFailed ? 'error' : 'success', updated ? 'fixed' : 'unchanged', notes.join('؛ ') || 'تغییری لازم نبود');
}

export function result(a: Pick<ArticleRow, 'id' | 'imageUrl' | 'videoUrl'>, status: ArticleRepair['status'], outcome: ItemOutcome, message: string): ArticleRepair {
  return { articleId: a.id, status, outcome, updated: outcome === 'fixed' || outcome === 'unpublished', message, imageUrl: a.imageUrl, videoUrl: a.videoUrl };
}

/** One text repair over the article, written when it changes something: what it did, or null. */
async function textAction(s: Pick<Services, 'db' | 'offlineRewriter'>, article: ArticleRow, action: TextAction): Promise<string | null> {
  const fix = await textFix(s, article, [action]);
  if (!fix) return null;
  await writeTextFix(s, article, fix);
  return fix.done.join('؛ ');
}

/** Why the stored media does not match the post (count, missing file), or null when it does. */
async function mediaMismatch(s: Pick<Services, 'db' | 'storage'>, article: ArticleRow, post: TelegramPost): Promise<string | null> {
  const missing = await mediaMissing(s, article, post);
  if (missing) return missing;
  const assets = await mediaRepo.forArticle(s.db, article.id);
  const images = assets.filter((a) => a.kind === 'image' && a.position < 10).length;
  if (images !== post.photos.length) return `تعداد تصاویر (${fa(images)}) با پست (${fa(post.photos.length)}) نمی‌خواند`;
  return null;
}
