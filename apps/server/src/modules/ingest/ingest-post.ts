// One post through the pipeline: normalise → blocklist → filters (ignored with a
// reason) → rewrite → media → article. Safe to run any number of times for the same
// post: the article is keyed on (source, telegramId), media on their storage keys.
import { ignoredReasonText, INGEST_REASONS, REWRITER_LABELS, type IgnoreReason, type ReportItem } from '@chapar/shared/contracts';
import { handle, toPersianDigits as fa } from '@chapar/shared/text';
import { classifyCategory } from '../../integrations/ai/index.ts';
import { fetchTelegraphArticle, telegraphLinks, type TelegramPost, type TelegramSource } from '../../integrations/telegram/index.ts';
import { articleAdminRepo } from '../articles/admin-repo.ts';
import { blocklistRepo } from '../blocklist/repo.ts';
import { channelRepo } from '../channels/repo.ts';
import { compileRules } from '../channels/cleaning-rules.ts';
import { ignoredRepo } from '../ignored/repo.ts';
import { mediaRepo } from '../media/repo.ts';
import { adoptMissingMedia } from '../duplicates/adopt-media.ts';
import { judgeStory, unjudgedNote } from '../duplicates/check.ts';
import type { Match } from '../duplicates/detector.ts';
import { queuePodcast } from '../podcasts/service.ts';
import { writeArticle } from './article-writer.ts';
import { contentIgnoreReason } from './filters.ts';
import { borrowedMedia, collectMedia, isOwnPostFile, missingMediaMark, type PostMedia } from '../media/post-media.ts';
import { fetchMissingMedia } from './missing-media.ts';
import { normalisePost } from '../posts/normalise.ts';
import { fromPayload, postStore, type PostRef, type PostState } from '../posts/post-store.ts';
import { PermanentError, RefusedError } from '../operations/permanent-error.ts';
import { AiRequiredError, rewritePost } from './rewrite-step.ts';
import type { Services } from '../../services.ts';
import { ingestOutcomes } from '../../metrics/registry.ts';

type IngestPostDeps = Pick<Services, 'config' | 'database' | 'db' | 'log' | 'media' | 'rewriter' | 'offlineRewriter' | 'sources' | 'jobs' | 'mediaPolicy' | 'contentChanged'>;

export interface IngestOptions {
  /** Past the filters and the 'nothing changed' shortcut (an admin said: process it). */
  force?: boolean;
  /** Leave an existing article as it is. */
  skipExisting?: boolean;
  /** Text only: no media downloaded. */
  skipMedia?: boolean;
  useAI?: boolean;
  /**
   * The admin asked for the AI (regenerate-article): when it fails, no offline text replaces the
   * article; the run fails with AiRequiredError and the post keeps the state it had.
   */
  requireAI?: boolean;
  /** The admin asked to overwrite hand-edited fields: their marks are released by the article's write, not before it. */
  overwriteEdits?: boolean;
  /**
   * Fall back to the offline rewriter when the AI fails, rather than fail and be retried:
   * on a job's last attempt, and whenever an admin is waiting for the answer.
   */
  finalAttempt?: boolean;
  /** The source to download media through; the current one when absent. */
  source?: TelegramSource;
  /**
   * The job's hold on this post: aborted once another worker may have taken it over, so a
   * run that lost it stops before writing anything rather than write beside the new one.
   */
  claim?: AbortSignal;
}

export type IngestStatus = 'created' | 'updated' | 'unchanged' | 'skipped' | 'ignored' | 'blocked' | 'deleted';

export interface IngestOutcome {
  ref: PostRef;
  status: IngestStatus;
  articleId: number | null;
  reason?: string;
  report: ReportItem[];
  /** Which rewriter wrote the article, when one was written. */
  rewriter?: 'ai' | 'offline';
  /** The AI was wanted but failed: the offline rewriter wrote the article instead. */
  aiFallback?: boolean;
  /** What the article lacks that Telegram may still give («بی‌تصویر: …»), when it was published without it. */
  missingMedia?: string | null;
}

export const publicPostUrl = (ref: PostRef) => `https://t.me/${ref.source}/${ref.telegramId}`;

/** One post through the pipeline, its outcome counted (chapar_ingest_posts_total). */
export async function ingestPost(s: IngestPostDeps, ref: PostRef, opts: IngestOptions = {}): Promise<IngestOutcome> {
  try {
    const outcome = await ingestOne(s, ref, opts);
    ingestOutcomes.inc({ outcome: outcome.status });
    return outcome;
  } catch (error) {
    ingestOutcomes.inc({ outcome: 'failed' });
    throw error;
  }
}

async function ingestOne(s: IngestPostDeps, ref: PostRef, opts: IngestOptions): Promise<IngestOutcome> {
  const row = await postStore.get(s.db, ref.source, ref.telegramId);
  if (!row) throw new PermanentError(`پست ${fa(ref.telegramId)} از ${handle(ref.source)} هنوز از کانال خوانده نشده است`);
  const done = (status: IngestStatus, articleId: number | null, reason: string, report: ReportItem[] = []): IngestOutcome =>
    ({ ref, status, articleId, reason, report: [...report, { status: status === 'created' || status === 'updated' ? 'success' : 'skipped', articleId, filename: `${ref.source}/${ref.telegramId}`, fileType: 'post', reason }] });

  if (row.deletedAt) {
    const articleId = await articleAdminRepo.unpublishSource(s.db, ref.source, ref.telegramId);
    if (articleId) s.contentChanged({ articleIds: [articleId] });
    return done('deleted', articleId, INGEST_REASONS.deleted);
  }
  const existing = await articleAdminRepo.bySource(s.db, ref.source, ref.telegramId);
  if (existing && opts.skipExisting) return done('skipped', existing.id, INGEST_REASONS.skipped);
  // Published without a file Telegram may still give: only the media is fetched again, the text is left.
  if (existing && !opts.force && !opts.skipMedia && row.state === 'published' && row.missingMedia) {
    const retried = await fetchMissingMedia(s, existing, row, opts.source ?? (await s.sources.current()).source, opts.claim);
    return { ...done(retried.status, existing.id, retried.reason, retried.report), missingMedia: retried.missingMedia };
  }
  if (existing && !opts.force && row.state === 'published' && existing.status === 'published') return done('unchanged', existing.id, INGEST_REASONS.unchanged);

  const block = await blocklistRepo.find(s.db, ref.source, ref.telegramId);
  if (block && !block.allowRegeneration) {
    await postStore.setState(s.db, ref, 'blocked');
    return done('blocked', null, INGEST_REASONS.blocked);
  }

  await postStore.setState(s.db, ref, 'processing', { lastError: null });
  try {
    const post = fromPayload(row.payload);
    const channel = await channelRepo.byUsername(s.db, ref.source);
    const rules = compileRules(ref.source, channel?.cleaningRules);
    const telegraph = await readTelegraph(s, post);
    // The post's long text is on a Telegraph page that cannot be read now: an article is not cut
    // down to the post's teaser, and a new one waits for a retry while one is left.
    if (telegraph === UNREAD && (existing || opts.finalAttempt === false)) throw new Error(existing ? TELEGRAPH_UNREAD.kept : TELEGRAPH_UNREAD.retry);
    const normalised = normalisePost(post, rules, { telegraph: telegraph === UNREAD ? null : telegraph });

    let unjudged: Match[] = [];
    if (!opts.force) {
      const reason: IgnoreReason | undefined = contentIgnoreReason(post, normalised, rules);
      if (reason) return await ignore(s, ref, post, normalised.plain, reason, done);
      // The same story already an article (from either channel): an ignored duplicate that
      // links to it; the article gains the media it lacks. An admin may still process it.
      const verdict = await judgeStory(s, { plain: normalised.plain, textHash: normalised.textHash, date: post.date, ref });
      const repeats = verdict.duplicateOf;
      if (repeats) {
        if (!opts.skipMedia) await adoptMissingMedia(s, repeats, opts.source ?? (await s.sources.current()).source, post, ref);
        return await ignore(s, ref, post, normalised.plain, 'duplicate', done, repeats);
      }
      // Near an article with the AI judge silent: not published undecided while a retry is left.
      unjudged = verdict.matches.filter((m) => m.unjudged);
      if (opts.finalAttempt === false && unjudged.some((m) => m.unjudged === 'judge_failed')) throw new Error(JUDGE_UNANSWERED);
    }

    const rewrite = await rewritePost(s, post, normalised, { useAI: opts.useAI ?? true, finalAttempt: opts.finalAttempt ?? true, requireAI: opts.requireAI });
    if (!rewrite.ok) {
      if (!opts.force) return await ignore(s, ref, post, normalised.plain, rewrite.reason, done);
      throw new RefusedError('این پست متنی برای ساختن مقاله ندارد');
    }
    const source = opts.source ?? (await s.sources.current()).source;
    const media = opts.skipMedia ? await existingMedia(s, existing?.id) : await keepUnfetched(s, existing?.id, ref, await collectMedia(s, source, post, ref, { retry: !existing && opts.finalAttempt === false }));
    opts.claim?.throwIfAborted();
    // A text-only run's media is already all the article holds, borrowed files included.
    const borrowed = existing && !opts.skipMedia ? await borrowedMedia(s.db, existing.id, ref) : undefined;
    const { article, created, changed } = await writeArticle(s, { source: ref.source, post, normalised, rewrite: rewrite.result, media, borrowed, overwriteEdits: opts.overwriteEdits });
    const id = article.id;
    if (media) await attachMedia(s, id, ref, media);
    // What the article lacks that Telegram may still give: kept on the post, fetched again by a later check.
    const missingMedia = opts.skipMedia ? undefined : await missingMediaMark(s.db, article, ref, media?.unfetched);

    // The post keeps why the AI did not write it, so the article can be rewritten later.
    await postStore.setState(s.db, ref, 'published', { articleId: id, lastError: rewrite.note ?? null, missingMedia });
    await ignoredRepo.remove(s.db, ref.source, ref.telegramId);
    if (changed) {
      s.contentChanged({ articleIds: [id] });
      queuePodcast(s, id);
    }
    const report = (media?.report ?? []).map((item) => ({ ...item, articleId: id }));
    if (rewrite.note) report.push({ status: 'success', articleId: id, filename: `${ref.source}/${ref.telegramId}`, fileType: 'article', reason: rewrite.note });
    if (missingMedia) report.push({ status: 'success', articleId: id, filename: `${ref.source}/${ref.telegramId}`, fileType: 'article', reason: missingMedia });
    for (const m of unjudged) report.push({ status: 'success', articleId: id, filename: `${ref.source}/${ref.telegramId}`, fileType: 'article', reason: unjudgedNote(m) });
    const status = created ? 'created' : changed ? 'updated' : 'unchanged';
    const outcome = done(status, id, `${status === 'unchanged' ? INGEST_REASONS.same : INGEST_REASONS[status]} (${REWRITER_LABELS[rewrite.rewriter]})`, report);
    return { ...outcome, rewriter: rewrite.rewriter, aiFallback: Boolean(rewrite.note), missingMedia: missingMedia ?? null };
  } catch (error) {
    // A run that lost its hold leaves the post's state to the run that has it now.
    // Nothing was written when a required AI failed: the post stays as it was (not 'failed', which a check would redo).
    if (error instanceof AiRequiredError) await postStore.setState(s.db, ref, row.state as PostState, { lastError: row.lastError });
    else if (!opts.claim?.aborted) await postStore.setState(s.db, ref, 'failed', { lastError: (error as Error).message.slice(0, 1000) });
    throw error;
  }
}

async function ignore(s: Pick<Services, 'db'>, ref: PostRef, post: TelegramPost, plain: string, reason: IgnoreReason, done: (st: IngestStatus, id: number | null, r: string) => IngestOutcome, duplicateOf: number | null = null) {
  await ignoredRepo.record(s.db, {
    source: ref.source, telegramId: ref.telegramId, url: publicPostUrl(ref), reason,
    content: plain || post.text, category: plain ? classifyCategory(plain).category : null, duplicateOf,
  });
  await postStore.setState(s.db, ref, 'ignored');
  return done('ignored', duplicateOf, ignoredReasonText(reason, duplicateOf));
}

/**
 * Links the stored media to the article and sets aside what an edit took away: off the article,
 * its file kept so an undo of this run shows it again, until the daily purge removes it.
 */
async function attachMedia(s: Pick<Services, 'db'>, articleId: number, ref: PostRef, media: PostMedia) {
  const keys = [...media.images, media.video, media.audio].filter((m) => m !== null).map((m) => m.storageKey);
  await mediaRepo.attach(s.db, keys, articleId);
  const stale = await mediaRepo.othersOf(s.db, articleId, keys);
  // Only the post's own files: uploads and what another post gave the article stay.
  await mediaRepo.setAside(s.db, stale.filter((m) => isOwnPostFile(ref, m.storageKey)).map((m) => m.storageKey), new Date());
}

/**
 * A file of the post that could not be fetched this time is not one the post lost: the article
 * keeps the stored file it has in its place (attachMedia removes only what is left out).
 */
async function keepUnfetched(s: Pick<Services, 'db'>, articleId: number | undefined, ref: PostRef, media: PostMedia): Promise<PostMedia> {
  if (!articleId || !media.report.some((item) => item.status === 'error')) return media;
  const fetched = new Set([...media.images, media.video, media.audio].filter((m) => m !== null).map((m) => m.storageKey));
  const kept = (await mediaRepo.forArticle(s.db, articleId)).filter((m) => isOwnPostFile(ref, m.storageKey) && !fetched.has(m.storageKey));
  if (!kept.length) return media;
  return {
    images: [...media.images, ...kept.filter((m) => m.kind === 'image')].sort((a, b) => a.position - b.position),
    video: media.video ?? kept.find((m) => m.kind === 'video') ?? null,
    audio: media.audio ?? kept.find((m) => m.kind === 'audio') ?? null,
    report: [...media.report, { status: 'skipped', articleId, filename: null, fileType: 'article', reason: MEDIA_KEPT(kept.length) }],
    unfetched: media.unfetched,
  };
}
export const MEDIA_KEPT = (n: number) => `${fa(n)} فایل رسانهٔ مقاله که این بار دریافت نشد، سر جایش ماند`;

/** Text-only runs keep the media the article already has (its album stays in the body). */
async function existingMedia(s: Pick<Services, 'db'>, articleId: number | undefined): Promise<PostMedia | null> {
  if (!articleId) return null;
  const assets = await mediaRepo.forArticle(s.db, articleId);
  const images = assets.filter((a) => a.kind === 'image');
  if (!assets.length) return null;
  return { images, video: assets.find((a) => a.kind === 'video') ?? null, audio: assets.find((a) => a.kind === 'audio') ?? null, report: [] };
}

export const JUDGE_UNANSWERED = 'داور هوش مصنوعی دربارهٔ مقاله‌ای نزدیک به این پست پاسخ نداد؛ پست بعداً دوباره بررسی می‌شود';

/** A Telegraph page the post links to that could not be read (null: the post links to none). */
const UNREAD = Symbol('telegraph page not read');
export const TELEGRAPH_UNREAD = {
  kept: 'صفحهٔ تلگراف پست خوانده نشد؛ مقاله تغییری نکرد و پست بعداً دوباره پردازش می‌شود',
  retry: 'صفحهٔ تلگراف پست خوانده نشد؛ پست بعداً دوباره پردازش می‌شود',
} as const;

async function readTelegraph(s: Pick<Services, 'config' | 'log' | 'mediaPolicy'>, post: TelegramPost) {
  const [link] = telegraphLinks(post.links, s.config.telegraphBaseUrl);
  if (!link) return null;
  try {
    return await fetchTelegraphArticle(link, s.mediaPolicy);
  } catch (error) {
    s.log.warn(`${post.channel}/${post.messageId}: Telegraph page not read (${(error as Error).message})`);
    return UNREAD;
  }
}
