// Content verification (spec 03 §2.8, §7): articles scored, the AI judge's view averaged in
// when configured, and a rewrite proposed for the weak ones from their source post (AI when
// configured, else the offline rewriter). A rewrite is proposed only if it has every number and
// every name of the source post and scores better than the text it would replace; it replaces
// the article only once the editor has seen it and confirmed (the plan of an operation).
import { DUPLICATE_MESSAGES, MAX_ID, type OperationPlan, type PlanItem, type ReportItem, type VerifyArticlesResponse } from '@chapar/shared/contracts';
import { formatNumberFa, normalizePersian, stripHtml, toPersianDigits as fa } from '@chapar/shared/text';
import { badRequest, notFound } from '../../errors.ts';
import { cleanPostText, findMissingNumbers, type RewriteResult, type Rewriter } from '../../integrations/ai/index.ts';
import { createAiJudge } from '../../integrations/ai/judges.ts';
import { articleAdminRepo } from '../articles/admin-repo.ts';
import { derivedFields, fitMeta } from '../articles/derived-fields.ts';
import { operationsRepo } from '../operations/operations-repo.ts';
import { buildPlan, planItem } from '../operations/plans.ts';
import type { Services } from '../../services.ts';
import { queuePodcast } from '../podcasts/service.ts';
import { nameWords, REWRITE_BELOW, scoreArticle } from './quality.ts';
import { failureText } from '../../integrations/failure-text.ts';

type VerifyArticlesDeps = Pick<Services, 'config' | 'database' | 'db' | 'log' | 'rewriter' | 'offlineRewriter'>;
type ApplyProposalsDeps = Pick<Services, 'config' | 'db' | 'log' | 'jobs' | 'contentChanged'>;

/** Ids as the page sends them: numbers or digit strings; anything else is dropped. */
export function parseIds(raw: Array<number | string>): number[] {
  const ids = raw.map((v) => (typeof v === 'number' ? v : Number(String(v).trim().replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))))))
    .filter((n) => Number.isSafeInteger(n) && n > 0 && n <= MAX_ID);
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
      lastError = failureText(error);
    }
  }
  return { error: lastError };
}

export async function verifyArticles(s: VerifyArticlesDeps, rawIds: Array<number | string>, by: string | null): Promise<VerifyArticlesResponse> {
  const ids = parseIds(rawIds);
  if (!ids.length) throw badRequest(DUPLICATE_MESSAGES.idsRequired);
  const { rows } = await s.database.raw.query<Row>(
    `SELECT a.id, a.title, a.content, a.telegram_id, a.source, a.edited_fields, p.text AS post_text
     FROM articles a LEFT JOIN telegram_posts p ON p.source = a.source AND p.telegram_id = a.telegram_id
     WHERE a.id = ANY($1::int[])`, [ids]);
  // Nothing to check is not a check that found nothing wrong.
  if (!rows.length) throw notFound(ids.length > 1 ? `هیچ‌یک از ${fa(ids.length)} شناسه مقاله‌ای نیست؛ چیزی بررسی نشد` : 'مقاله‌ای با این شناسه نیست؛ چیزی بررسی نشد');
  const judge = createAiJudge({ aiBaseUrl: s.config.ai.baseUrl, aiApiKey: s.config.ai.apiKey, aiModel: s.config.ai.model });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const analyses: VerifyArticlesResponse['analyses'] = [];
  const regenerationResults: VerifyArticlesResponse['regenerationResults'] = [];
  const items: PlanItem[] = [];

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
    const article = { id, title: row.title, source: row.source, telegramId: row.telegram_id === null ? null : Number(row.telegram_id) };
    const refuse = (message: string, extra: Partial<VerifyArticlesResponse['regenerationResults'][number]['result']> = {}) => {
      regenerationResults.push({ articleId: id, result: { success: false, message, ...extra } });
      items.push(planItem(article, 'unchanged', message));
    };
    if (!needsRegeneration) { items.push(planItem(article, 'unchanged', `امتیاز ${formatNumberFa(score.overallScore)} از ۱۰؛ بازنویسی لازم نیست`)); continue; }

    // The source is the post the article came from; an article without one is its own source.
    const source = cleanPostText(row.post_text ?? stripHtml(row.content), { channel: row.source ?? undefined });
    if (row.edited_fields.includes('content')) { refuse('متن این مقاله دستی ویرایش شده است؛ بازنویسی خودکار پیشنهاد نشد'); continue; }
    const rewriters = s.rewriter.name === 'ai' ? [s.rewriter, s.offlineRewriter] : [s.offlineRewriter];
    const written = await rewriteWith(rewriters, source, row.source);
    if ('error' in written) { refuse(`بازنویسی ناموفق: ${written.error}`); continue; }
    const missing = rewriteLosses(source, written.result);
    if (missing.length) {
      refuse(`بازنویسی پذیرفته نشد: ${missing.slice(0, 5).join('، ')} از متن منبع در آن نیامده است`, { rewriter: written.rewriter, missing });
      continue;
    }
    const after = scoreArticle({ title: written.result.title, content: written.result.content }).overallScore;
    // A rewrite never replaces a text it does not beat.
    if (after <= score.overallScore) {
      refuse(`بازنویسی (امتیاز ${formatNumberFa(after)}) بهتر از متن کنونی (امتیاز ${formatNumberFa(score.overallScore)}) نبود؛ پیشنهاد نشد`, { rewriter: written.rewriter, before: score.overallScore, after });
      continue;
    }
    const message = `بازنویسی ${written.rewriter === 'ai' ? 'هوش مصنوعی' : 'بازنویس آفلاین'} آماده است (امتیاز ${formatNumberFa(score.overallScore)} ← ${formatNumberFa(after)})؛ برای جایگزینی تأیید کنید`;
    regenerationResults.push({ articleId: id, result: { success: true, proposed: true, rewriter: written.rewriter, before: score.overallScore, after, message } });
    items.push({
      ...planItem(article, 'rewrite', message),
      proposal: { title: written.result.title, excerpt: written.result.excerpt, content: written.result.content, before: score.overallScore, after },
    });
  }
  const plan = buildPlan(items, { exact: true });
  // The proposals wait on an operation until the editor keeps some (or none) of them.
  const operation = plan.changes
    ? await operationsRepo.create(s.db, { kind: 'verify-articles', job: 'verify-content', params: {}, requestedBy: by, status: 'awaiting', plan })
    : null;
  const proposed = regenerationResults.filter((r) => r.result.proposed).length;
  const missingIds = ids.filter((id) => !byId.has(id));
  return {
    success: true,
    message: `${fa(analyses.length)} مقاله بررسی شد؛ ${fa(analyses.filter((a) => a.needsRegeneration).length)} نیاز به بازنویسی داشت و برای ${fa(proposed)} مقاله بازنویسی پیشنهاد شد${missingIds.length ? `؛ ${fa(missingIds.length)} شناسه پیدا نشد` : ''}`,
    totalAnalyzed: analyses.length,
    needRegeneration: analyses.filter((a) => a.needsRegeneration).length,
    successfullyRegenerated: 0,
    analyses,
    regenerationResults,
    notFound: missingIds,
    operationId: operation?.id ?? null,
    plan: operation ? plan : null,
  };
}

/** The confirmed proposals of a verification's plan, written over the articles (kept for undo by the job's context). */
export async function applyProposals(s: ApplyProposalsDeps, operationId: number, planned: Array<{ articleId: number }>) {
  const operation = await operationsRepo.get(s.db, operationId);
  const proposals = new Map(((operation?.plan as OperationPlan | null)?.items ?? []).filter((i) => i.proposal).map((i) => [i.articleId, i]));
  const report: ReportItem[] = [];
  for (const { articleId } of planned) {
    const item = proposals.get(articleId);
    const current = await articleAdminRepo.byId(s.db, articleId);
    const say = (status: ReportItem['status'], outcome: ReportItem['outcome'], reason: string) => report.push({ status, outcome, articleId, filename: null, fileType: 'article', reason });
    if (!item?.proposal || !current) { say('skipped', 'not_checked', 'مقاله یا بازنویسی پیشنهادی آن دیگر در دسترس نیست'); continue; }
    if (operation && current.updatedAt > operation.createdAt) { say('skipped', 'unchanged', 'مقاله پس از پیشنهاد ویرایش شده است؛ بازنویسی اعمال نشد'); continue; }
    const next = { ...current, title: item.proposal.title, excerpt: item.proposal.excerpt, content: item.proposal.content };
    await articleAdminRepo.update(s.db, articleId, {
      title: next.title, excerpt: next.excerpt, content: next.content, metaDescription: fitMeta(next.excerpt), ...derivedFields(next), updatedAt: new Date(),
    });
    queuePodcast(s, articleId);
    say('success', 'fixed', `بازنویسی جایگزین شد (امتیاز ${formatNumberFa(item.proposal.before)} ← ${formatNumberFa(item.proposal.after)})`);
  }
  const updated = report.filter((r) => r.outcome === 'fixed').length;
  if (updated) s.contentChanged({ articleIds: report.filter((r) => r.outcome === 'fixed').map((r) => r.articleId!) });
  return { total: planned.length, updated, skipped: planned.length - updated, failed: 0, detailedReport: { processed: report } };
}
