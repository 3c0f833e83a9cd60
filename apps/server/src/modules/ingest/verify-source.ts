// «بررسی مقالات با منبع»: articles checked against their Telegram posts. The plan changes
// nothing; it says which posts are gone (unpublish), edited (update), still there, or could not
// be checked and why. Absence is not deletion: a post counts as deleted only when its channel is
// configured, active and readable, its id lies inside the window of posts actually read, and
// Telegram itself answers "not found" when asked for the post alone.
import type { PlanItem } from '@chapar/shared/contracts';
import { handle, toPersianDigits as fa } from '@chapar/shared/text';
import type { TelegramPost, TelegramSource } from '../../integrations/telegram/index.ts';
import { articleAdminRepo, type ArticleRow } from '../articles/admin-repo.ts';
import { channelRepo } from '../channels/repo.ts';
import { ingestPost } from './ingest-post.ts';
import { AiRequiredError } from './rewrite-step.ts';
import { aiBreaker } from './ai-breaker.ts';
import type { OperationReporter } from '../operations/operation-reporter.ts';
import { planItem } from '../operations/plans.ts';
import { postChanged, postStore } from '../posts/post-store.ts';
import { OFFLINE_NOTE, REPAIR_REASONS, result, type ArticleRepair } from './repair.ts';
import type { Services } from '../../services.ts';
import { telegramFailure } from '../../integrations/telegram-failure.ts';

type ApplyVerifyItemDeps = Pick<Services, 'config' | 'database' | 'db' | 'log' | 'media' | 'rewriter' | 'offlineRewriter' | 'sources' | 'jobs' | 'mediaPolicy' | 'contentChanged'>;

/** Pages of a channel read at most to reach the oldest article checked. */
export const VERIFY_MAX_PAGES = 20;

export const VERIFY_REASONS = {
  deleted: 'پست در کانال حذف شده است (تلگرام در خواندن دوباره «پست یافت نشد» گفت)',
  edited: 'پست در کانال ویرایش شده است',
  present: 'پست در کانال موجود است',
  alreadyOff: 'پست حذف شده و مقاله از پیش منتشرنشده است',
  statusByEditor: 'پست حذف شده، ولی وضعیت انتشار را ویراستار تعیین کرده است',
  unknownChannel: (name: string) => `کانال ${handle(name)} در فهرست کانال‌های پیکربندی‌شده نیست`,
  inactiveChannel: (name: string) => `کانال ${handle(name)} غیرفعال است`,
  unreachable: (name: string, why: string) => `کانال ${handle(name)} خوانده نشد: ${why}`,
  emptyPage: (name: string) => `صفحهٔ کانال ${handle(name)} هیچ پستی نشان نداد`,
  olderThanRead: (oldest: number) => `قدیمی‌تر از پست‌های خوانده‌شده (قدیمی‌ترین: ${fa(oldest)})`,
  unconfirmed: (why: string) => `در صفحهٔ کانال نبود و خواندن دوباره نتیجه‌ای نداد: ${why}`,
  noSource: 'این مقاله منبع تلگرامی ندارد',
  foundAgain: 'پست دوباره در کانال پیدا شد؛ مقاله منتشر ماند',
  recheckFailed: (why: string) => `پست هنگام تأیید دوباره از تلگرام خوانده نشد؛ مقاله بررسی نشد و دست نخورد: ${why}`,
  notPublished: 'مقاله از پیش منتشرنشده بود یا وضعیت آن را ویراستار تعیین کرده است',
  /** An edit the AI did not rewrite: the article as it was; the stored post has the edit for a later regenerate. */
  aiFailed: (why: string) => `${why}؛ ویرایش پست را «بازسازی کامل از کانال» در صفحهٔ مقاله بعداً می‌آورد`,
} as const;

interface Window {
  posts: Map<number, TelegramPost>;
  /** Every id the pages covered (album members too). */
  covered: Set<number>;
  oldest: number;
  /** The newest page was read, so every id above `oldest` is covered up to now. */
  reachesNow: boolean;
  newest: number;
}

/** Reads a channel's pages from the newest back until `oldestWanted` (or the page limit). */
async function readWindow(source: TelegramSource, channel: string, oldestWanted: number): Promise<Window | null> {
  const posts = new Map<number, TelegramPost>();
  const covered = new Set<number>();
  let page = await source.fetchPage(channel);
  const reachesNow = page.newerCursor === undefined;
  for (let read = 1; ; read++) {
    for (const post of page.posts) {
      posts.set(post.messageId, post);
      for (const id of [post.messageId, ...(post.albumMessageIds ?? [])]) covered.add(id);
    }
    // A page without posts but with an older cursor is read past: the window is what was seen.
    if (!page.olderCursor || read >= VERIFY_MAX_PAGES || (covered.size && Math.min(...covered) <= oldestWanted)) break;
    page = await source.fetchPage(channel, { before: page.olderCursor });
  }
  if (!covered.size) return null;
  return { posts, covered, oldest: Math.min(...covered), newest: Math.max(...covered), reachesNow };
}

async function checkOne(s: Pick<Services, 'db'>, source: TelegramSource, channel: string, article: ArticleRow, window: Window): Promise<PlanItem> {
  const id = article.telegramId!;
  if (id < window.oldest) return planItem(article, 'not_checked', VERIFY_REASONS.olderThanRead(window.oldest));
  if (id > window.newest && !window.reachesNow) return planItem(article, 'not_checked', VERIFY_REASONS.olderThanRead(window.oldest));
  let post = [...window.posts.values()].find((p) => p.messageId === id || p.albumMessageIds?.includes(id)) ?? null;
  if (!post) {
    // The page left it out: only Telegram's own answer for the post alone decides.
    try {
      post = await source.fetchPost(channel, id);
    } catch (error) {
      return planItem(article, 'not_checked', VERIFY_REASONS.unconfirmed(telegramFailure(error)));
    }
    if (!post) {
      if (article.status === 'unpublished') return planItem(article, 'unchanged', VERIFY_REASONS.alreadyOff);
      if (article.editedFields.includes('status')) return planItem(article, 'unchanged', VERIFY_REASONS.statusByEditor);
      return planItem(article, 'unpublish', VERIFY_REASONS.deleted);
    }
  }
  const stored = await postStore.get(s.db, channel, post.messageId);
  if (stored && postChanged(stored, post)) return planItem(article, 'update', VERIFY_REASONS.edited);
  return planItem(article, 'unchanged', VERIFY_REASONS.present);
}

/** The verification plan for `articles`: one item each, nothing written. */
export async function planVerify(s: Pick<Services, 'db'>, source: TelegramSource, articles: ArticleRow[], log: (line: string) => Promise<void>): Promise<PlanItem[]> {
  const items: PlanItem[] = [];
  const byChannel = new Map<string, ArticleRow[]>();
  for (const article of articles) {
    if (!article.source || !article.telegramId) items.push(planItem(article, 'not_checked', VERIFY_REASONS.noSource));
    else byChannel.set(article.source.toLowerCase(), [...(byChannel.get(article.source.toLowerCase()) ?? []), article]);
  }
  for (const group of byChannel.values()) {
    const name = group[0].source!;
    const channel = await channelRepo.byUsername(s.db, name);
    const skip = (reason: string) => items.push(...group.map((a) => planItem(a, 'not_checked', reason)));
    if (!channel) { skip(VERIFY_REASONS.unknownChannel(name)); continue; }
    if (!channel.isActive) { skip(VERIFY_REASONS.inactiveChannel(name)); continue; }
    let window: Window | null;
    try {
      window = await readWindow(source, channel.username, Math.min(...group.map((a) => a.telegramId!)));
    } catch (error) {
      skip(VERIFY_REASONS.unreachable(channel.username, telegramFailure(error)));
      continue;
    }
    if (!window) { skip(VERIFY_REASONS.emptyPage(channel.username)); continue; }
    await log(`کانال ${handle(channel.username)}: پست‌های ${fa(window.oldest)} تا ${fa(window.newest)} خوانده شد`);
    for (const article of group) items.push(await checkOne(s, source, channel.username, article, window));
  }
  return items;
}

/**
 * One confirmed change of a verification plan (or of the monitor's parked deletions). A plan may be
 * old: an unpublish is made only when Telegram, asked for the post alone now, still says "not found".
 * With `requireAI` (the AI is the configured rewriter) an edited post is rewritten by the AI or not at
 * all: its failure throws AiRequiredError with the article as it was and the post released to
 * 'published' (as a declined edit is, source-edits.ts), never the offline rewriter's text over it.
 */
export async function applyVerifyItem(
  s: ApplyVerifyItemDeps, source: TelegramSource, article: ArticleRow, change: 'unpublish' | 'update', opts: { requireAI?: boolean } = {},
): Promise<ArticleRepair> {
  const ref = { source: article.source!, telegramId: article.telegramId! };
  if (change === 'unpublish') {
    if (article.status === 'unpublished' || article.editedFields.includes('status')) return result(article, 'success', 'unchanged', VERIFY_REASONS.notPublished);
    let found: TelegramPost | null;
    try {
      found = await source.fetchPost(ref.source, ref.telegramId);
    } catch (error) {
      return result(article, 'skipped', 'not_checked', VERIFY_REASONS.recheckFailed(telegramFailure(error)));
    }
    if (found) {
      await postStore.markPresent(s.db, ref, article.id);
      return result(article, 'success', 'unchanged', VERIFY_REASONS.foundAgain);
    }
    await postStore.markDeleted(s.db, ref);
    const unpublished = await articleAdminRepo.unpublishSource(s.db, ref.source, ref.telegramId);
    if (!unpublished) return result(article, 'success', 'unchanged', VERIFY_REASONS.notPublished);
    s.contentChanged({ articleIds: [article.id] });
    return result(article, 'success', 'unpublished', VERIFY_REASONS.deleted);
  }
  let post: TelegramPost | null;
  try {
    post = await source.fetchPost(ref.source, ref.telegramId);
  } catch (error) {
    return result(article, 'skipped', 'not_checked', REPAIR_REASONS.notRead(telegramFailure(error)));
  }
  if (!post) return result(article, 'skipped', 'not_checked', 'پست دیگر در کانال نیست؛ مقاله دست نخورد. بررسی را دوباره اجرا کنید');
  await postStore.saveFetched(s.db, ref.source, post);
  const postRef = { source: ref.source, telegramId: post.messageId };
  const outcome = await ingestPost(s, postRef, { force: true, finalAttempt: true, source, requireAI: opts.requireAI }).catch(async (error: unknown) => {
    if (error instanceof AiRequiredError) await postStore.setState(s.db, postRef, 'published');
    throw error;
  });
  const fixed = outcome.status === 'updated' || outcome.status === 'created';
  const note = `${outcome.aiFallback ? `؛ ${OFFLINE_NOTE}` : ''}${outcome.missingMedia ? `؛ ${outcome.missingMedia}` : ''}`;
  return result(article, 'success', fixed ? 'fixed' : 'unchanged', `${fixed ? 'پست ویرایش شده بود؛ مقاله به‌روز شد' : 'پست ویرایش شده بود، ولی مقاله تغییری نکرد'}${note}`);
}

/**
 * The confirmed run's hand on each item: an edited post is rewritten by the configured AI or not at
 * all, as a bulk rewrite is; one the AI failed for is "not checked", with why, and once the AI has
 * kept failing the run's other edits are left without asking it (ai-breaker.ts).
 */
export function verifyApplier(s: ApplyVerifyItemDeps, source: TelegramSource, operation: Pick<OperationReporter, 'error'>) {
  const requireAI = s.rewriter.name !== 'offline';
  const ai = aiBreaker();
  const apply = async (article: ArticleRow, change: 'unpublish' | 'update'): Promise<ArticleRepair> => {
    const stopped = change === 'update' && requireAI ? ai.skip() : null;
    if (stopped) return result(article, 'skipped', 'not_checked', stopped);
    try {
      const item = await applyVerifyItem(s, source, article, change, { requireAI });
      if (change === 'update' && item.status === 'success') ai.answered();
      return item;
    } catch (error) {
      if (!(error instanceof AiRequiredError)) return result(article, 'error', 'error', (error as Error).message);
      const stopping = ai.fail(error);
      if (stopping) await operation.error(stopping);
      return result(article, 'skipped', 'not_checked', VERIFY_REASONS.aiFailed(error.message));
    }
  };
  return { apply, ai };
}
