// Content verification (spec 03 §2.8, §7): articles scored, the AI judge's view averaged in
// when configured, and the weak ones rewritten from their source post (AI when configured,
// else the offline rewriter). A rewrite is kept only if it has every number and every name
// of the source post; otherwise the article stays as it was.
import type { VerifyArticlesResponse } from '@chapar/shared/contracts';
import { DUPLICATE_MESSAGES } from '@chapar/shared/contracts';
import { normalizePersian, stripHtml, toPersianDigits as fa } from '@chapar/shared/text';
import { badRequest } from '../../errors.ts';
import { cleanPostText, findMissingNumbers, type RewriteResult, type Rewriter } from '../../integrations/ai/index.ts';
import { createAiJudge } from '../../integrations/ai/judges.ts';
import type { Services } from '../ingest/services.ts';
import { nameWords, REWRITE_BELOW, scoreArticle } from './quality.ts';

/** Ids as the page sends them: numbers or digit strings; anything else is dropped. */
export function parseIds(raw: Array<number | string>): number[] {
  const ids = raw.map((v) => (typeof v === 'number' ? v : Number(String(v).trim().replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))))))
    .filter((n) => Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647);
  return [...new Set(ids)];
}

/** What a rewrite lost of its source: numbers, and name words. */
export function rewriteLosses(source: string, rewrite: { title: string; content: string; excerpt?: string }): string[] {
  const output = `${rewrite.title}\n${rewrite.excerpt ?? ''}\n${stripHtml(rewrite.content)}`;
  const normalOut = normalizePersian(output);
  const missingNames = nameWords(source).filter((w) => !normalOut.includes(w));
  return [...findMissingNumbers(source, output), ...missingNames];
}

interface Row { id: number; title: string; content: string; telegram_id: number | null; source: string | null; edited_fields: string[]; post_text: string | null }

async function rewriteWith(rewriters: Rewriter[], text: string, channel: string | null): Promise<{ result: RewriteResult; rewriter: 'ai' | 'offline' } | { error: string }> {
  let lastError = 'بازنویسی انجام نشد';
  for (const rewriter of rewriters) {
    try {
      return { result: await rewriter.rewrite({ text, hashtags: [], channel: channel ?? undefined }), rewriter: rewriter.name };
    } catch (error) {
      lastError = (error as Error).message;
    }
  }
  return { error: lastError };
}

export async function verifyArticles(s: Services, rawIds: Array<number | string>): Promise<VerifyArticlesResponse> {
  const ids = parseIds(rawIds);
  if (!ids.length) throw badRequest(DUPLICATE_MESSAGES.idsRequired);
  const { rows } = await s.database.raw.query<Row>(
    `SELECT a.id, a.title, a.content, a.telegram_id, a.source, a.edited_fields, p.text AS post_text
     FROM articles a LEFT JOIN telegram_posts p ON p.source = a.source AND p.telegram_id = a.telegram_id
     WHERE a.id = ANY($1::int[])`, [ids]);
  const judge = createAiJudge({ aiBaseUrl: s.config.ai.baseUrl, aiApiKey: s.config.ai.apiKey, aiModel: s.config.ai.model });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const analyses: VerifyArticlesResponse['analyses'] = [];
  const regenerationResults: VerifyArticlesResponse['regenerationResults'] = [];
  let changed = false;

  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    const { words: _words, ...score } = scoreArticle(row);
    void _words;
    let aiScore: number | null = null;
    if (judge) {
      try {
        const verdict = await judge.quality({ title: row.title, text: stripHtml(row.content) });
        aiScore = verdict.score;
        score.issues.push(...verdict.issues.map((i) => `هوش مصنوعی: ${i}`));
        score.overallScore = Math.round(((score.overallScore + verdict.score) / 2) * 10) / 10;
      } catch (error) {
        s.log.warn(`verification: AI judge unavailable (${(error as Error).message})`);
      }
    }
    const needsRegeneration = score.overallScore < REWRITE_BELOW;
    analyses.push({ id, title: row.title, telegramId: row.telegram_id === null ? null : Number(row.telegram_id), needsRegeneration, qualityScore: score, aiScore });
    if (!needsRegeneration) continue;

    // The source is the post the article came from; an article without one is its own source.
    const source = cleanPostText(row.post_text ?? stripHtml(row.content), { channel: row.source ?? undefined });
    if (row.edited_fields.includes('content')) {
      regenerationResults.push({ articleId: id, result: { success: false, message: 'متن این مقاله دستی ویرایش شده است؛ بازنویسی خودکار انجام نشد' } });
      continue;
    }
    const rewriters = s.rewriter.name === 'ai' ? [s.rewriter, s.offlineRewriter] : [s.offlineRewriter];
    const written = await rewriteWith(rewriters, source, row.source);
    if ('error' in written) {
      regenerationResults.push({ articleId: id, result: { success: false, message: `بازنویسی ناموفق: ${written.error}` } });
      continue;
    }
    const missing = rewriteLosses(source, written.result);
    if (missing.length) {
      regenerationResults.push({ articleId: id, result: { success: false, rewriter: written.rewriter, missing, message: `بازنویسی پذیرفته نشد: ${missing.slice(0, 5).join('، ')} از متن منبع در آن نیامده است` } });
      continue;
    }
    const after = scoreArticle({ title: written.result.title, content: written.result.content }).overallScore;
    const keepTitle = row.edited_fields.includes('title');
    await s.database.raw.query(
      `UPDATE articles SET title = CASE WHEN $2 THEN title ELSE $3 END, content = $4,
         excerpt = CASE WHEN 'excerpt' = ANY(edited_fields) THEN excerpt ELSE $5 END,
         meta_description = CASE WHEN 'metaDescription' = ANY(edited_fields) THEN meta_description ELSE $6 END, updated_at = now()
       WHERE id = $1`,
      [id, keepTitle, written.result.title, written.result.content, written.result.excerpt, written.result.metaDescription]);
    changed = true;
    regenerationResults.push({
      articleId: id,
      result: { success: true, rewriter: written.rewriter, before: score.overallScore, after, message: `بازنویسی شد (${written.rewriter === 'ai' ? 'هوش مصنوعی' : 'بازنویس آفلاین'})؛ همهٔ اعداد و نام‌های منبع حفظ شد` },
    });
  }
  if (changed) s.contentChanged();
  const successfullyRegenerated = regenerationResults.filter((r) => r.result.success).length;
  const notFound = ids.filter((id) => !byId.has(id));
  return {
    success: true,
    message: `${fa(analyses.length)} مقاله بررسی شد؛ ${fa(regenerationResults.length)} نیاز به بازنویسی داشت و ${fa(successfullyRegenerated)} بازنویسی شد${notFound.length ? `؛ ${fa(notFound.length)} شناسه پیدا نشد` : ''}`,
    totalAnalyzed: analyses.length,
    needRegeneration: analyses.filter((a) => a.needsRegeneration).length,
    successfullyRegenerated,
    analyses,
    regenerationResults,
    notFound,
  };
}
