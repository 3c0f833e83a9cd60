// Spec 02's admin tools on the article page: regenerate the article from its Telegram post
// (text and media), or re-process only its image. Both run the repair job and answer with
// the steps it logged. And the edit dialog's AI button: a fresh value for one field.
import { ADMIN_ARTICLE_MESSAGES, AI_UNAVAILABLE_MESSAGE } from '@chapar/shared/contracts';
import { RewriteError, type RegenerableField } from '../../integrations/ai/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { repairArticlesJob } from '../../jobs/specs.ts';
import { REPAIR_REASONS } from '../ingest/repair.ts';
import { CANCELLED, runOperation, type OperationOutcome } from '../operations/run-operation.ts';
import type { Services } from '../../services.ts';
import { articleAdminRepo } from './admin-repo.ts';
import { sanitizeArticleContent } from './sanitize-content.ts';

const NO_SOURCE = 'این مقاله منبع تلگرامی ندارد و از کانال قابل بازسازی نیست';

async function telegramArticle(s: Pick<Services, 'db'>, id: number) {
  const row = await articleAdminRepo.byId(s.db, id);
  if (!row) throw notFound(ADMIN_ARTICLE_MESSAGES.notFound);
  if (!row.source || !row.telegramId) throw new AppError('bad_request', NO_SOURCE);
  return row;
}

/** The operation's log lines without their time stamps: what actually happened, in order. */
function steps(outcome: OperationOutcome): string[] {
  return outcome.operation.logs.map((line) => line.replace(/^\S+ /, ''));
}

function firstItem(outcome: OperationOutcome) {
  return ((outcome.result.items as Array<{ message: string; updated: boolean; imageUrl: string | null; status: string }> | undefined) ?? [])[0];
}

/**
 * Runs one repair action on one article; an error on the article itself is a 503. A regeneration
 * asks for the AI: when it fails (no answer, or one that cannot be used), the article is left as it
 * was and the 503 says so, rather than the offline rewriter's text replacing the AI's. A run that
 * could do nothing to it (its post not found: 409; not read: 503) fails as its record does.
 */
async function repairOne(s: Pick<Services, 'config' | 'db' | 'jobs'>, id: number, action: 'regenerate' | 'media', kind: string, by: string | null, overwriteEdits = false) {
  const payload = { scope: { ids: [id] }, actions: [action], ...(action === 'regenerate' ? { requireAI: true } : {}), ...(overwriteEdits ? { overwriteEdits } : {}) };
  const outcome = await runOperation(s, repairArticlesJob, payload, { kind, requestedBy: by });
  const item = firstItem(outcome);
  // Pictures the CDN did not give are the run's answer (200, success false, the counts), not a refusal.
  if (action === 'media' && item?.status === 'error') return { outcome, item };
  if (item?.status === 'error') throw new AppError('unavailable', item.message);
  if (item && outcome.finished && outcome.operation.status === 'error') {
    throw new AppError(item.message === REPAIR_REASONS.postMissing ? 'conflict' : 'unavailable', item.message);
  }
  return { outcome, item };
}

/** The answer's success is the record's: a finished run that ended 'error' (cancelled, say) is none. */
const succeeded = (outcome: OperationOutcome) => outcome.finished && outcome.operation.status !== 'error';

export async function regenerateArticle(s: Pick<Services, 'config' | 'db' | 'jobs'>, id: number, by: string | null, overwriteEdits = false) {
  const row = await telegramArticle(s, id);
  // Overwriting edits releases their marks with the job's write (an admin's publishing choice stays):
  // a run that fails, even after this request has answered, leaves them.
  const { outcome, item } = await repairOne(s, id, 'regenerate', 'regenerate-article', by, overwriteEdits && row.editedFields.some((f) => f !== 'status'));
  return {
    finished: outcome.finished,
    body: {
      success: succeeded(outcome),
      process: steps(outcome),
      message: outcome.cancelled ? CANCELLED : outcome.finished ? (item?.message ?? 'بازسازی انجام شد') : 'بازسازی در حال اجراست',
      // The article keeps its id: it is keyed to its post, so regenerating updates it in place.
      newArticleId: row.id,
      articleId: row.id,
      operationId: outcome.operation.id,
    },
  };
}

export async function fixArticleImage(s: Pick<Services, 'config' | 'db' | 'jobs'>, id: number, by: string | null) {
  await telegramArticle(s, id);
  const { outcome, item } = await repairOne(s, id, 'media', 'fix-article-image', by);
  const fresh = await articleAdminRepo.byId(s.db, id);
  return {
    finished: outcome.finished,
    body: {
      success: succeeded(outcome),
      process: steps(outcome),
      message: outcome.cancelled ? CANCELLED : outcome.finished ? (item?.message ?? 'تصویر پردازش شد') : 'پردازش تصویر در حال اجراست',
      articleId: id,
      imageUrl: fresh?.imageUrl ?? null,
      operationId: outcome.operation.id,
    },
  };
}

const OFFLINE_ONLY_MESSAGE = 'سرویس هوش مصنوعی تنظیم نشده است؛ این متن را بازنویس آفلاین نوشت.';

export interface RegeneratedField {
  regeneratedContent: string;
  rewriter?: 'offline';
  aiUnavailable?: true;
  message?: string;
}

/**
 * A fresh value for one field (the edit dialog's AI button). A value the offline rewriter wrote
 * comes back marked as such with a Persian message: always when no AI is configured, and with
 * `aiUnavailable` when the AI is configured but did not answer.
 */
export async function regenerateField(s: Pick<Services, 'log' | 'rewriter' | 'offlineRewriter'>, field: RegenerableField, content: string): Promise<RegeneratedField> {
  const clean = (value: string) => (field === 'content' ? sanitizeArticleContent(value) : value);
  try {
    const value = clean(await s.rewriter.regenerateField({ field, content }));
    // No AI configured: the offline rewriter wrote it, and the answer says so.
    return s.rewriter.name === 'offline' ? { regeneratedContent: value, rewriter: 'offline', message: OFFLINE_ONLY_MESSAGE } : { regeneratedContent: value };
  } catch (error) {
    if (!(error instanceof RewriteError)) throw error;
    if (error.code === 'empty_input') throw new AppError('bad_request', 'متنی برای بازتولید وجود ندارد');
    s.log.warn(`AI field regeneration failed (${error.code}: ${error.message}); the offline rewriter answered`);
    const value = await s.offlineRewriter.regenerateField({ field, content }).catch(() => null);
    if (value === null) throw new AppError('unavailable', ADMIN_ARTICLE_MESSAGES.regenerateFailed);
    return { regeneratedContent: clean(value), rewriter: 'offline', aiUnavailable: true, message: AI_UNAVAILABLE_MESSAGE };
  }
}
