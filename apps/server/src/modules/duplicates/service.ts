// The duplicate tools of the admin area (spec 03 §2.3, §7): a single check of a post or a
// text, the full scan (an operation; its last result is kept on the operation), and the
// removal of a duplicate with a redirect to the original. Ingestion asks the same detector.
import type { DuplicateCheckResult, ScanDuplicate, ScanResult } from '@chapar/shared/contracts';
import { DUPLICATE_MESSAGES } from '@chapar/shared/contracts';
import { stripHtml, toPersianDigits as fa } from '@chapar/shared/text';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { createAiJudge } from '../../integrations/ai/judges.ts';
import type { TelegramPost } from '../../integrations/telegram/index.ts';
import { deleteArticles } from '../articles/admin-service.ts';
import { operationsRepo } from '../ingest/operations-repo.ts';
import { fromPayload } from '../ingest/post-store.ts';
import type { Services } from '../ingest/services.ts';
import type { PairAnalysis, Signature } from './compare.ts';
import { findMatches, scanAll, type DetectorDeps, type Match, type ScanPair, type ScanProgress } from './detector.ts';
import { loadSignatures, refreshStale } from './index-repo.ts';
import { buildSignature } from './signature.ts';

export const SCAN_KIND = 'scan-duplicates';

export function detectorDeps(s: Services): DetectorDeps {
  return {
    database: s.database,
    judge: createAiJudge({ aiBaseUrl: s.config.ai.baseUrl, aiApiKey: s.config.ai.apiKey, aiModel: s.config.ai.model }),
    log: s.log,
  };
}

interface ArticleBrief {
  id: number; title: string; excerpt: string; category: string; source: string | null; telegram_id: number | null; published_at: Date; views: number;
}

async function briefs(s: Services, ids: number[]): Promise<Map<number, ArticleBrief>> {
  if (!ids.length) return new Map();
  const { rows } = await s.database.raw.query<ArticleBrief>(
    'SELECT id, title, excerpt, category, source, telegram_id, published_at, views FROM articles WHERE id = ANY($1::int[])', [ids]);
  return new Map(rows.map((r) => [r.id, { ...r, telegram_id: r.telegram_id === null ? null : Number(r.telegram_id) }]));
}

const percent = (x: number) => Math.round(x * 100);
const iso = (d: Date | string) => new Date(d).toISOString();

function duplicateType(best: Match | undefined): DuplicateCheckResult['duplicateType'] {
  if (!best) return 'keyword_analysis';
  if (best.ai) return 'ai_analysis';
  const a = best.analysis;
  if (a.matchType === 'media' || a.matchType === 'video' || (a.matchType === 'combined' && (a.sameVideo || a.mediaSimilarity >= 0.87) && a.contentSimilarity < 0.42)) return 'media_comparison';
  if (a.matchType === 'title') return 'title_similarity';
  return 'keyword_analysis';
}

const METHOD_LABEL: Record<DuplicateCheckResult['duplicateType'], string> = {
  title_similarity: 'شباهت عنوان',
  keyword_analysis: 'تحلیل متن و کلیدواژه‌ها',
  media_comparison: 'مقایسهٔ تصویر و ویدیو',
  ai_analysis: 'تحلیل معنایی هوش مصنوعی',
};

async function checkResult(s: Services, signature: Signature, text: { title: string; text: string }, exclude: number[], started: number): Promise<DuplicateCheckResult> {
  const matches = await findMatches(detectorDeps(s), signature, { text, exclude });
  const shown = matches.slice(0, 10);
  const info = await briefs(s, shown.map((m) => m.id));
  const best = matches[0];
  const isDuplicate = Boolean(best?.isDuplicate);
  const type = duplicateType(best);
  const reasons = best ? [...best.analysis.reasons, ...(best.ai?.reason ? [`هوش مصنوعی: ${best.ai.reason}`] : [])] : [];
  const details = !best
    ? 'هیچ مقالهٔ مشابهی پیدا نشد.'
    : isDuplicate
      ? `این خبر تکرار مقالهٔ ${fa(best.id)} است (${METHOD_LABEL[type]}). ${reasons.join('؛ ')}`
      : `مقالهٔ تکراری پیدا نشد؛ نزدیک‌ترین مقاله ${fa(best.id)} است. ${reasons.join('؛ ')}`;
  return {
    isDuplicate,
    confidence: best ? percent(isDuplicate ? best.score : 1 - best.score) : 100,
    duplicateType: type,
    processingTime: Date.now() - started,
    details: details.trim(),
    duplicateArticles: shown.filter((m) => info.has(m.id)).map((m) => {
      const a = info.get(m.id)!;
      return {
        id: a.id, title: a.title, excerpt: a.excerpt, category: a.category, publishedAt: iso(a.published_at),
        similarity: percent(m.score), source: a.source, telegramId: a.telegram_id, isDuplicate: m.isDuplicate, reasons: m.analysis.reasons,
      };
    }),
  };
}

export async function checkDuplicateContent(s: Services, content: string | null | undefined): Promise<DuplicateCheckResult> {
  const started = Date.now();
  const text = (content ?? '').trim();
  if (!text) throw badRequest(DUPLICATE_MESSAGES.required);
  const signature = buildSignature({ id: 0, body: text, publishedAt: Date.now() });
  return checkResult(s, signature, { title: signature.title, text }, [], started);
}

/** A post id as the spec has it: digits only (Persian digits too), no @, no channel name. */
export function parsePostId(raw: string | number | null | undefined): number {
  if (raw === null || raw === undefined || String(raw).trim() === '') throw badRequest(DUPLICATE_MESSAGES.required);
  const text = String(raw).trim().replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)));
  if (!/^\d{1,15}$/.test(text) || Number(text) <= 0) throw badRequest(DUPLICATE_MESSAGES.postIdFormat);
  return Number(text);
}

export async function checkDuplicatePost(s: Services, raw: string | number | null | undefined): Promise<DuplicateCheckResult> {
  const started = Date.now();
  const telegramId = parsePostId(raw);
  const channels = s.config.channels.map((c) => c.username);
  const { rows } = await s.database.raw.query<{ source: string; payload: Record<string, unknown>; text: string }>(
    'SELECT source, payload, text FROM telegram_posts WHERE telegram_id = $1 AND source = ANY($2::text[]) AND deleted_at IS NULL', [telegramId, channels]);
  const row = channels.map((c) => rows.find((r) => r.source === c)).find(Boolean);
  if (!row) throw notFound(DUPLICATE_MESSAGES.postNotFound);
  const post: TelegramPost = fromPayload(row.payload);
  const own = await s.database.raw.query<{ id: number }>('SELECT id FROM articles WHERE source = $1 AND telegram_id = $2', [row.source, telegramId]);
  const media = await postMediaFingerprints(s, row.source, telegramId);
  const signature = buildSignature({ id: 0, body: post.text || row.text, images: media.images, video: media.video, publishedAt: post.date });
  const result = await checkResult(s, signature, { title: signature.title, text: post.text }, own.rows.map((r) => r.id), started);
  return { ...result, post: { source: row.source, telegramId, url: `https://t.me/${row.source}/${telegramId}` } };
}

/** The fingerprints of a post's stored media (its article's, or files kept from an earlier run). */
async function postMediaFingerprints(s: Services, source: string, telegramId: number): Promise<{ images: string[]; video: string | null }> {
  const { rows } = await s.database.raw.query<{ kind: string; dhash: string | null; bytes: number; duration_sec: number | null }>(
    "SELECT kind, dhash, bytes, duration_sec FROM media_assets WHERE storage_key LIKE $1 AND kind IN ('image', 'video')", [`tg/${source}/${telegramId}/%`]);
  const video = rows.find((r) => r.kind === 'video');
  return {
    images: rows.filter((r) => r.kind === 'image' && r.dhash).map((r) => r.dhash!),
    video: video && video.bytes > 0 ? `file:${video.bytes}:${video.duration_sec ?? 0}` : null,
  };
}

/**
 * The article an incoming post repeats, if any (another post's article, from either
 * channel). Used by ingestion before anything is rewritten or downloaded.
 */
export async function findPostDuplicate(s: Services, input: { source: string; telegramId: number; title?: string; text: string; date: Date; images?: string[]; video?: string | null }): Promise<{ articleId: number; analysis: PairAnalysis } | null> {
  const own = await s.database.raw.query<{ id: number }>('SELECT id FROM articles WHERE source = $1 AND telegram_id = $2', [input.source, input.telegramId]);
  const signature = buildSignature({ id: 0, title: input.title, body: input.text, images: input.images, video: input.video, publishedAt: input.date });
  const matches = await findMatches(detectorDeps(s), signature, { text: { title: signature.title, text: input.text }, exclude: own.rows.map((r) => r.id) });
  const best = matches.find((m) => m.isDuplicate);
  return best ? { articleId: best.id, analysis: best.analysis } : null;
}

// ---------------------------------------------------------------- full scan

function recommendation(pair: ScanPair, original: ArticleBrief, duplicate: ArticleBrief): { recommendation: string; reasoning: string } {
  const richer = (pair.duplicate.wordCount > pair.original.wordCount * 1.5 && pair.duplicate.wordCount - pair.original.wordCount > 40)
    || (pair.duplicate.images.length > 0 && pair.original.images.length === 0);
  if (richer && duplicate.views >= original.views) {
    return { recommendation: 'keep_duplicate', reasoning: 'نسخهٔ جدیدتر کامل‌تر است (متن یا تصویر بیشتر) و بازدید کمتری از نسخهٔ قدیمی ندارد؛ نگه داشتن آن و حذف نسخهٔ قدیمی پیشنهاد می‌شود.' };
  }
  if (pair.score >= 0.8) {
    return { recommendation: 'keep_original', reasoning: 'دو مقاله یک خبرند؛ مقالهٔ قدیمی‌تر نسخهٔ اصلی است و تکراری را می‌توان حذف کرد (نشانی آن به اصلی هدایت می‌شود).' };
  }
  return { recommendation: 'manual_review', reasoning: 'شباهت زیاد است اما قطعی نیست؛ پیش از حذف هر دو را بخوانید.' };
}

const toScanArticle = (a: ArticleBrief) => ({
  id: a.id, title: a.title, excerpt: a.excerpt, category: a.category, source: a.source, telegramId: a.telegram_id, publishedAt: iso(a.published_at), views: a.views,
});

/** Pairs shown (and kept on the operation) at most. */
const SCAN_LIMIT = 300;

export async function runScan(s: Services, progress: ScanProgress): Promise<Omit<ScanResult, 'success' | 'message' | 'operationId' | 'status' | 'scannedAt'>> {
  const started = Date.now();
  const { total, pairs, candidatePairs } = await scanAll(detectorDeps(s), progress);
  const kept = pairs.slice(0, SCAN_LIMIT);
  const info = await briefs(s, [...new Set(kept.flatMap((p) => [p.original.id, p.duplicate.id]))]);
  const duplicates: ScanDuplicate[] = [];
  for (const pair of kept) {
    const original = info.get(pair.original.id);
    const duplicate = info.get(pair.duplicate.id);
    if (!original || !duplicate) continue;
    const a = pair.analysis;
    duplicates.push({
      matchType: a.matchType,
      similarityScore: Math.round(pair.score * 1000) / 1000,
      ...recommendation(pair, original, duplicate),
      detailedAnalysis: {
        titleSimilarity: Math.round(a.titleSimilarity * 1000) / 1000,
        contentSimilarity: Math.round(a.contentSimilarity * 1000) / 1000,
        mediaSimilarity: Math.round(a.mediaSimilarity * 1000) / 1000,
        keywordMatches: a.keywordMatches,
        reasons: [...a.reasons, ...(pair.ai ? [`هوش مصنوعی: ${pair.ai.reason || 'یک خبر'}`] : [])],
      },
      originalArticle: toScanArticle(original),
      duplicateArticle: toScanArticle(duplicate),
    });
  }
  return { totalArticles: total, processingTime: Date.now() - started, duplicates, comparedPairs: candidatePairs };
}

/** The last finished scan, kept on its operation. */
export async function lastScan(s: Services): Promise<ScanResult> {
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
      ? `${fa(result.duplicates?.length ?? 0)} جفت تکراری در ${fa(result.totalArticles ?? 0)} مقاله پیدا شد`
      : row.status === 'error' ? `خطا در اسکن: ${row.errors.at(-1) ?? ''}` : 'اسکن در حال اجراست',
    operationId: row.id,
    status: row.status === 'success' ? 'success' : row.status === 'error' ? 'error' : 'running',
    totalArticles: result.totalArticles ?? 0,
    processingTime: result.processingTime ?? 0,
    duplicates: result.duplicates ?? [],
    comparedPairs: result.comparedPairs,
    scannedAt: finished && row.finishedAt ? iso(row.finishedAt) : null,
  };
}

// ---------------------------------------------------------------- removing a duplicate

/**
 * Deletes a duplicate article: its comments and views go to the original, its address
 * redirects there (as do addresses that redirected to it), and its post is blocklisted
 * so the next check does not bring it back. Without `originalId` the detector names it.
 */
export async function deleteDuplicate(s: Services, id: number, originalId: number | undefined, by: string) {
  const { rows: [dup] } = await s.database.raw.query<{ id: number; title: string; content: string; views: number }>('SELECT id, title, content, views FROM articles WHERE id = $1', [id]);
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
  const { rows: [original] } = await s.database.raw.query<{ id: number }>('SELECT id FROM articles WHERE id = $1', [targetId]);
  if (!original) throw notFound(DUPLICATE_MESSAGES.articleNotFound);

  const moved = await s.database.raw.query<{ id: number }>('UPDATE comments SET article_id = $2 WHERE article_id = $1 RETURNING id', [id, targetId]);
  await s.database.raw.query('UPDATE articles SET views = views + $2 WHERE id = $1', [targetId, dup.views]);
  await s.database.raw.query('UPDATE article_redirects SET to_id = $2 WHERE to_id = $1', [id, targetId]);
  await s.database.raw.query(
    "INSERT INTO article_redirects (from_id, to_id, reason) VALUES ($1, $2, 'duplicate') ON CONFLICT (from_id) DO UPDATE SET to_id = EXCLUDED.to_id, reason = EXCLUDED.reason",
    [id, targetId]);
  await deleteArticles(s, [id], `تکراری مقالهٔ ${targetId} (حذف توسط ${by})`);
  return {
    success: true,
    message: `مقالهٔ تکراری ${fa(id)} حذف شد و نشانی آن به مقالهٔ ${fa(targetId)} هدایت می‌شود`,
    deletedId: id,
    originalId: targetId,
    movedComments: moved.rows.length,
    movedViews: dup.views,
  };
}
