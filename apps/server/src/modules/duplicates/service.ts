// The duplicate tools of the admin area (spec 03 §2.3, §7) beside the single check
// (check.ts): the full scan (an operation; its last result is kept on the operation), and
// the removal of a duplicate with a redirect to the original.
import { eq, inArray, sql } from 'drizzle-orm';
import { articleRedirects, articles, comments, type Db } from '@chapar/db';
import type { ScanDuplicate, ScanResult } from '@chapar/shared/contracts';
import { DUPLICATE_MESSAGES } from '@chapar/shared/contracts';
import { ltr, stripHtml, toPersianDigits as fa } from '@chapar/shared/text';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { createAiJudge } from '../../integrations/ai/judges.ts';
import { deleteArticleRows } from '../articles/admin-service.ts';
import { noteMerged } from '../articles/trash.ts';
import { operationsRepo } from '../operations/operations-repo.ts';
import type { Services } from '../../services.ts';
import { carryMissingMedia } from './carry-media.ts';
import { AI_PER_SCAN, findMatches, matchReasons, scanAll, type DetectorDeps, type ScanPair, type ScanProgress, type UndecidedWhy } from './detector.ts';
import { loadSignatures, refreshStale } from './index-repo.ts';
import { duplicateProbability, shownProbability } from './overall.ts';

type DeleteDuplicateDeps = Pick<Services, 'config' | 'database' | 'db' | 'log' | 'contentChanged'>;

export const SCAN_KIND = 'scan-duplicates';

export function detectorDeps(s: Pick<Services, 'config' | 'database' | 'log'>): DetectorDeps {
  return {
    database: s.database,
    judge: createAiJudge({ aiBaseUrl: s.config.ai.baseUrl, aiApiKey: s.config.ai.apiKey, aiModel: s.config.ai.model }),
    log: s.log,
  };
}

interface ArticleBrief {
  id: number; title: string; excerpt: string; category: string; source: string | null; telegram_id: number | null; published_at: Date; views: number;
}

async function briefs(s: Pick<Services, 'database'>, ids: number[]): Promise<Map<number, ArticleBrief>> {
  if (!ids.length) return new Map();
  const { rows } = await s.database.raw.query<ArticleBrief>(
    'SELECT id, title, excerpt, category, source, telegram_id, published_at, views FROM articles WHERE id = ANY($1::int[])', [ids]);
  return new Map(rows.map((r) => [r.id, { ...r, telegram_id: r.telegram_id === null ? null : Number(r.telegram_id) }]));
}

const iso = (d: Date | string) => new Date(d).toISOString();
const round3 = (x: number) => Math.round(x * 1000) / 1000;

// ---------------------------------------------------------------- full scan

function recommendation(pair: ScanPair, original: ArticleBrief, duplicate: ArticleBrief): { recommendation: string; reasoning: string } {
  if (pair.analysis.rule === 'contained') {
    return { recommendation: 'keep_original', reasoning: 'متن کوتاه‌تر بخشی از مقالهٔ کامل‌تر را تکرار می‌کند؛ مقالهٔ کامل‌تر نسخهٔ اصلی است و متن کوتاه را می‌توان حذف کرد (نشانی آن به اصلی هدایت می‌شود).' };
  }
  const richer = (pair.duplicate.wordCount > pair.original.wordCount * 1.5 && pair.duplicate.wordCount - pair.original.wordCount > 40)
    || (pair.duplicate.images.length > 0 && pair.original.images.length === 0);
  if (richer && duplicate.views >= original.views) {
    return { recommendation: 'keep_duplicate', reasoning: 'نسخهٔ جدیدتر کامل‌تر است (متن یا تصویر بیشتر) و بازدید کمتری از نسخهٔ قدیمی ندارد؛ نگه داشتن آن و حذف نسخهٔ قدیمی پیشنهاد می‌شود.' };
  }
  if (duplicateProbability(pair.score) >= 0.9) {
    return { recommendation: 'keep_original', reasoning: 'دو مقاله یک خبرند؛ مقالهٔ قدیمی‌تر نسخهٔ اصلی است و تکراری را می‌توان حذف کرد (نشانی آن به اصلی هدایت می‌شود).' };
  }
  return { recommendation: 'manual_review', reasoning: 'شباهت زیاد است اما قطعی نیست؛ پیش از حذف هر دو را بخوانید.' };
}

/** Why an undecided pair is the editor's to read (detector.ts decides which). */
function undecidedReasoning(why: UndecidedWhy): string {
  const judge = why === 'no_judge' ? 'داور هوش مصنوعی تنظیم نشده است'
    : why === 'judge_failed' ? 'داور هوش مصنوعی در این اسکن پاسخ نداد'
      : `این جفت بیرون از ${fa(AI_PER_SCAN)} جفتی ماند که هر اسکن به داور هوش مصنوعی می‌دهد`;
  return `دو مقاله نزدیک‌اند اما نشانه‌ها برای حکم کافی نیست و ${judge}؛ هر دو را بخوانید و اگر یک خبرند، یکی را حذف کنید.`;
}

const toScanArticle = (a: ArticleBrief) => ({
  id: a.id, title: a.title, excerpt: a.excerpt, category: a.category, source: a.source, telegramId: a.telegram_id, publishedAt: iso(a.published_at), views: a.views,
});

/** Pairs shown (and kept on the operation) at most. */
const SCAN_LIMIT = 300;

export async function runScan(s: Pick<Services, 'config' | 'database' | 'log'>, progress: ScanProgress): Promise<Omit<ScanResult, 'success' | 'message' | 'operationId' | 'status' | 'scannedAt'>> {
  const started = Date.now();
  const { total, pairs, undecided, candidatePairs } = await scanAll(detectorDeps(s), progress);
  const kept = pairs.slice(0, SCAN_LIMIT);
  const info = await briefs(s, [...new Set([...kept, ...undecided].flatMap((p) => [p.original.id, p.duplicate.id]))]);
  const shown = (pair: ScanPair, advice: (original: ArticleBrief, duplicate: ArticleBrief) => { recommendation: string; reasoning: string }): ScanDuplicate[] => {
    const original = info.get(pair.original.id);
    const duplicate = info.get(pair.duplicate.id);
    if (!original || !duplicate) return [];
    const a = pair.analysis;
    return [{
      matchType: a.matchType,
      // The overall similarity is the weighted mean of the parts below, with these weights.
      similarityScore: round3(a.overall.value),
      duplicateProbability: round3(shownProbability(pair.score)),
      ...advice(original, duplicate),
      detailedAnalysis: {
        titleSimilarity: round3(a.titleSimilarity),
        contentSimilarity: round3(a.contentSimilarity),
        mediaSimilarity: round3(a.mediaSimilarity),
        figureSimilarity: a.figureSimilarity === null ? null : round3(a.figureSimilarity),
        weights: a.overall.weights,
        keywordMatches: a.keywordMatches,
        reasons: matchReasons(a, pair.ai),
      },
      originalArticle: toScanArticle(original),
      duplicateArticle: toScanArticle(duplicate),
    }];
  };
  return {
    totalArticles: total,
    processingTime: Date.now() - started,
    duplicates: kept.flatMap((pair) => shown(pair, (original, duplicate) => recommendation(pair, original, duplicate))),
    undecided: undecided.flatMap((pair) => shown(pair, () => ({ recommendation: 'manual_review', reasoning: undecidedReasoning(pair.why) }))),
    comparedPairs: candidatePairs,
  };
}

/** What a finished scan found, in one line. */
export function scanSummary(duplicates: number, undecided: number, total: number): string {
  const found = `${fa(duplicates)} جفت تکراری در ${fa(total)} مقاله پیدا شد`;
  return undecided ? `${found}؛ ${fa(undecided)} جفت نزدیک دیگر نیاز به بررسی شما دارد` : found;
}

/** The last finished scan, kept on its operation. */
export async function lastScan(s: Pick<Services, 'db'>): Promise<ScanResult> {
  const [row] = await operationsRepo.list(s.db, { limit: 1, kind: SCAN_KIND });
  if (!row) return { success: true, message: 'هنوز اسکنی انجام نشده است', operationId: null, status: 'none', totalArticles: 0, processingTime: 0, duplicates: [], scannedAt: null };
  return scanAnswer(row);
}

export function scanAnswer(row: { id: number; status: string; result: Record<string, unknown> | null; finishedAt: Date | null; errors: string[] }): ScanResult {
  const result = (row.result ?? {}) as Partial<ScanResult>;
  const finished = row.status === 'success' || row.status === 'error';
  return {
    success: row.status === 'success',
    message: row.status === 'success'
      ? scanSummary(result.duplicates?.length ?? 0, result.undecided?.length ?? 0, result.totalArticles ?? 0)
      : row.status === 'error' ? `خطا در اسکن: ${row.errors.at(-1) ?? ''}` : 'اسکن در حال اجراست',
    operationId: row.id,
    status: row.status === 'success' ? 'success' : row.status === 'error' ? 'error' : 'running',
    totalArticles: result.totalArticles ?? 0,
    processingTime: result.processingTime ?? 0,
    duplicates: result.duplicates ?? [],
    ...(result.undecided ? { undecided: result.undecided } : {}),
    comparedPairs: result.comparedPairs,
    scannedAt: finished && row.finishedAt ? iso(row.finishedAt) : null,
  };
}

// ---------------------------------------------------------------- removing a duplicate

/**
 * Moves the duplicate's ratings or bookmarks to the original; a reader who has one there too keeps
 * that one, and the duplicate's goes to the trash with it. Both articles are locked (FOR UPDATE),
 * so no reader's new rating or bookmark on the original can slip in between.
 */
async function moveReaderRows(tx: Db, table: 'ratings' | 'bookmarks', from: number, to: number): Promise<number[]> {
  const name = sql.identifier(table);
  const result = await tx.execute(sql`UPDATE ${name} x SET article_id = ${to} WHERE x.article_id = ${from}
    AND NOT EXISTS (SELECT 1 FROM ${name} o WHERE o.article_id = ${to} AND o.session_id = x.session_id) RETURNING x.id`);
  return (result as unknown as { rows: Array<{ id: number }> }).rows.map((row) => Number(row.id));
}

/**
 * Deletes a duplicate article: its comments, views, ratings and bookmarks go to the original
 * (a reader's own rating or bookmark there wins), as do a picture or
 * a video the original lacks (carry-media.ts); its address redirects there (as do addresses
 * that redirected to it), and its post is blocklisted so the next check does not bring it
 * back. Without `originalId` the detector names it.
 */
export async function deleteDuplicate(s: DeleteDuplicateDeps, id: number, originalId: number | undefined, by: string) {
  const { rows: [dup] } = await s.database.raw.query<{ id: number; title: string; content: string }>('SELECT id, title, content FROM articles WHERE id = $1', [id]);
  if (!dup) throw notFound(DUPLICATE_MESSAGES.articleNotFound);
  let targetId = originalId;
  if (targetId === id) throw badRequest(DUPLICATE_MESSAGES.sameArticle);
  if (targetId === undefined) {
    await refreshStale(s.database);
    const [own] = await loadSignatures(s.database, [id]);
    if (own) {
      const matches = await findMatches(detectorDeps(s), own, { text: { title: dup.title, text: stripHtml(dup.content) }, exclude: [id] });
      targetId = matches.find((m) => m.isDuplicate)?.id;
    }
    if (targetId === undefined) throw new AppError('conflict', DUPLICATE_MESSAGES.notDuplicate);
  }
  const original = targetId;
  // One transaction: a delete that fails leaves the comments, views, ratings, bookmarks, media and address where they were.
  const { moved, views, media, ratingIds, bookmarkIds } = await s.db.transaction(async (tx) => {
    const locked = await tx.select().from(articles).where(inArray(articles.id, [id, original])).for('update');
    const duplicate = locked.find((row) => row.id === id);
    const kept = locked.find((row) => row.id === original);
    if (!duplicate || !kept) throw notFound(DUPLICATE_MESSAGES.articleNotFound);
    const movedRows = await tx.update(comments).set({ articleId: original }).where(eq(comments.articleId, id)).returning({ id: comments.id });
    await tx.update(articles).set({ views: sql`${articles.views} + ${duplicate.views}` }).where(eq(articles.id, original));
    const movedRatings = await moveReaderRows(tx, 'ratings', id, original);
    const movedBookmarks = await moveReaderRows(tx, 'bookmarks', id, original);
    const carried = await carryMissingMedia(tx, duplicate, kept, by);
    await tx.update(articleRedirects).set({ toId: original }).where(eq(articleRedirects.toId, id));
    await tx.insert(articleRedirects).values({ fromId: id, toId: original, reason: 'duplicate' })
      .onConflictDoUpdate({ target: articleRedirects.fromId, set: { toId: original, reason: 'duplicate' } });
    await deleteArticleRows(tx, [id], { reason: `تکراری مقالهٔ ${fa(original)}`, blockReason: `تکراری مقالهٔ ${fa(original)} (حذف توسط ${ltr(by)})`, by });
    await noteMerged(tx, id, { into: original, commentIds: movedRows.map((row) => row.id), views: duplicate.views, ratingIds: movedRatings, bookmarkIds: movedBookmarks });
    return { moved: movedRows.length, views: duplicate.views, media: carried, ratingIds: movedRatings, bookmarkIds: movedBookmarks };
  });
  s.contentChanged();
  const carriedText = media.image && media.video ? `تصویر و ویدیوی آن به مقالهٔ ${fa(original)} منتقل شدند`
    : media.image || media.video ? `${media.image ? 'تصویر' : 'ویدیوی'} آن به مقالهٔ ${fa(original)} منتقل شد` : null;
  return {
    success: true,
    message: `مقالهٔ تکراری ${fa(id)} حذف شد و نشانی آن به مقالهٔ ${fa(original)} هدایت می‌شود${carriedText ? `؛ ${carriedText}` : ''}`,
    deletedId: id,
    originalId: original,
    movedComments: moved,
    movedImage: media.image,
    movedVideo: media.video,
    movedViews: views,
    movedRatings: ratingIds.length,
    movedBookmarks: bookmarkIds.length,
  };
}
