// Named posts from one channel: each read alone (an album by any of its ids), checked
// against the admin's verification text if one was given, stored and ingested. An admin
// is waiting for the answer, so a failing AI does not fail a post: the offline rewriter
// writes it at once (the AI request has already been retried), and the result says so; unless
// the run requires the AI (`requireAI`): then a failure leaves the post and its article as they
// were, and after repeated failures the rest are not sent to it (ai-breaker.ts). A post
// whose media could not be stored (the store failing) is counted as failed and handed to its
// ingest-post job, which tries it again with backoff until the store is back.
import { LINK_MESSAGES, type ReportItem } from '@chapar/shared/contracts';
import { handle, normalizePersian, toPersianDigits as fa } from '@chapar/shared/text';
import { ingestPostJob } from '../../jobs/specs.ts';
import { failureText } from '../../integrations/failure-text.ts';
import { articleAdminRepo } from '../articles/admin-repo.ts';
import { aiBreaker } from './ai-breaker.ts';
import { ingestPost, type IngestOutcome } from './ingest-post.ts';
import { AiRequiredError } from './rewrite-step.ts';
import { MediaNotStoredError } from '../media/post-media.ts';
import type { OperationReporter } from '../operations/operation-reporter.ts';
import { postStore, type PostRef } from '../posts/post-store.ts';
import { settleDeletions } from './source-deletions.ts';
import { holdEdits } from './source-edits.ts';
import { POST_STATE_LABELS } from '../posts/wait-posts.ts';
import type { Services } from '../../services.ts';

type FetchNamedPostsDeps = Pick<Services, 'config' | 'database' | 'db' | 'log' | 'media' | 'rewriter' | 'offlineRewriter' | 'sources' | 'jobs' | 'mediaPolicy' | 'contentChanged'>;

export interface FetchNamedOptions {
  source: string;
  ids: number[];
  force?: boolean;
  skipExisting?: boolean;
  skipMedia?: boolean;
  useAI?: boolean;
  /** The configured AI writes each article, or nothing does (no offline text replaces one). */
  requireAI?: boolean;
  contentVerification?: string;
  operation: OperationReporter;
}

export async function fetchNamedPosts(s: FetchNamedPostsDeps, opts: FetchNamedOptions) {
  const { source } = await s.sources.current();
  const outcomes: IngestOutcome[] = [];
  const report: ReportItem[] = [];
  const done = new Set<number>();
  const gone: PostRef[] = [];
  let failed = 0;
  const ai = aiBreaker();
  const edited: number[] = [];
  const said = (telegramId: number) => `پست ${fa(telegramId)} از ${handle(opts.source)}`;
  /** The article a post left as it was already has (so the report links to it), if any. */
  const articleOf = async (telegramId: number) => (await articleAdminRepo.bySource(s.db, opts.source, telegramId))?.id ?? null;
  /** Why a post was not written: not rewritten because the AI failed (not a failure of the post), or failed. */
  const reportFailure = async (error: unknown, telegramId: number, name: string) => {
    if (error instanceof AiRequiredError) {
      report.push({ status: 'skipped', outcome: 'not_checked', articleId: await articleOf(telegramId), filename: name, fileType: 'post', reason: error.message });
      await opts.operation.log(`${said(telegramId)}: ${error.message}`);
      const stopping = ai.fail(error);
      if (stopping) await opts.operation.error(stopping);
      return;
    }
    failed++;
    s.log.warn(`${name}: ${(error as Error).message}`);
    let reason = failureText(error, opts.source);
    if (error instanceof MediaNotStoredError) reason = `${reason} ${await retryLater(s, opts, telegramId)}`;
    report.push({ status: 'error', articleId: null, filename: name, fileType: 'post', reason });
    await opts.operation.error(`${said(telegramId)}: ${reason}`);
  };
  /** A stored post through the pipeline, its outcome reported. */
  const ingestStored = async (telegramId: number, name: string) => {
    try {
      const outcome = await ingestPost(s, { source: opts.source, telegramId }, {
        force: opts.force, skipExisting: opts.skipExisting, skipMedia: opts.skipMedia, useAI: opts.useAI, requireAI: opts.requireAI, finalAttempt: true, source,
      });
      ai.answered();
      outcomes.push(outcome);
      report.push(...outcome.report);
      await opts.operation.log(`${said(telegramId)}: ${outcome.reason}`);
    } catch (error) {
      await reportFailure(error, telegramId, name);
    }
  };
  for (const [i, id] of opts.ids.entries()) {
    // The report's address of the post ('akhbar_rooz/103'); the log names it in Persian.
    const name = `${opts.source}/${id}`;
    const stopped = opts.requireAI ? ai.skip() : null;
    if (stopped) {
      report.push({ status: 'skipped', outcome: 'not_checked', articleId: await articleOf(id), filename: name, fileType: 'post', reason: stopped });
      await opts.operation.log(`${said(id)}: ${stopped}`);
      continue;
    }
    // The post's own id (an album's first message) once it has been read.
    let telegramId = id;
    try {
      const post = await source.fetchPost(opts.source, id);
      if (!post) {
        // A post we had: deleted at the source. Settled with the others after the loop, as a
        // channel check settles them: one is taken down, more wait for an editor's confirmation.
        const stored = await postStore.get(s.db, opts.source, id);
        if (stored && !stored.deletedAt) gone.push({ source: opts.source, telegramId: id });
        else {
          failed++;
          report.push({ status: 'error', articleId: null, filename: name, fileType: 'post', reason: 'پست یافت نشد (حذف شده یا وجود ندارد)' });
          await opts.operation.error(`${said(id)}: پست یافت نشد`);
        }
        continue;
      }
      if (done.has(post.messageId)) continue; // another id of the same album
      done.add(post.messageId);
      telegramId = post.messageId;
      if (opts.contentVerification?.trim() && !normalizePersian(post.text).includes(normalizePersian(opts.contentVerification))) {
        failed++;
        report.push({ status: 'error', articleId: null, filename: name, fileType: 'post', reason: LINK_MESSAGES.mismatch });
        await opts.operation.error(`${said(id)}: ${LINK_MESSAGES.mismatch}`);
        continue;
      }
      const { change } = await postStore.saveFetched(s.db, opts.source, post);
      // Edited at the source, in a run nobody forced: settled after the loop, as a channel check settles edits.
      if (!opts.force && change === 'edited') edited.push(post.messageId);
      else await ingestStored(post.messageId, name);
    } catch (error) {
      await reportFailure(error, telegramId, name);
    }
    await opts.operation.progress(((i + 1) / opts.ids.length) * 100);
  }
  // Edits that would rewrite more than one published article wait for an editor; one (or none) is written now.
  const edits = await holdEdits(s, opts.source, edited.map((telegramId) => ({ source: opts.source, telegramId })));
  const held = new Set(edits.held.map((ref) => ref.telegramId));
  for (const telegramId of edited) {
    const name = `${opts.source}/${telegramId}`;
    if (!held.has(telegramId)) await ingestStored(telegramId, name);
    else report.push({ status: 'skipped', articleId: null, filename: name, fileType: 'post', reason: POST_STATE_LABELS.held });
  }
  const settled = await settleDeletions(s, opts.source, gone, opts.operation.id);
  for (const ref of gone) {
    const name = `${opts.source}/${ref.telegramId}`;
    const marked = settled.unpublished.find((post) => post.ref === ref);
    const waiting = settled.awaiting.find((item) => item.ref === ref);
    const reason = marked?.unpublished
      ? `پست در کانال حذف شده است؛ مقالهٔ ${fa(marked.articleId!)} از انتشار خارج شد (از «عملیات» بازگرداندنی)`
      : waiting ? `پست در کانال حذف شده است؛ مقالهٔ ${fa(waiting.articleId)} تا تأیید ویراستار منتشر می‌ماند` : 'پست در کانال حذف شده است';
    report.push({ status: 'skipped', articleId: marked?.articleId ?? waiting?.articleId ?? null, filename: name, fileType: 'post', reason });
    await opts.operation.log(`پست ${fa(ref.telegramId)} از ${handle(opts.source)}: ${reason}`);
  }
  const articleIds = outcomes.map((o) => o.articleId).filter((id): id is number => id !== null);
  return {
    requested: opts.ids.length,
    processed: outcomes.length,
    created: outcomes.filter((o) => o.status === 'created').length,
    updated: outcomes.filter((o) => o.status === 'updated').length,
    ignored: outcomes.filter((o) => o.status === 'ignored').length,
    failed,
    // Deleted at the source: taken down now (one at most), or waiting for an editor.
    unpublishedArticles: settled.unpublishedArticleIds.length,
    deletionsAwaiting: settled.awaiting.length,
    deletionsOperationIds: settled.awaitingOperationId === null ? [] : [settled.awaitingOperationId],
    // Edited at the source: more than one published article is rewritten only once an editor confirms.
    editsAwaiting: edits.held.length,
    editsOperationIds: edits.operationId === null ? [] : [edits.operationId],
    /** Articles the offline rewriter wrote because the AI failed. */
    aiFallbacks: outcomes.filter((o) => o.aiFallback).length,
    /** Articles published without media Telegram may still give (their posts keep what; a later check fetches it). */
    withoutMedia: outcomes.filter((o) => o.missingMedia).length,
    /** With `requireAI`: posts left as they were because the AI failed (or was no longer asked). */
    aiFailed: ai.failed,
    articleId: articleIds[0] ?? null,
    articleIds,
    outcomes: outcomes.map((o) => ({ telegramId: o.ref.telegramId, status: o.status, articleId: o.articleId, reason: o.reason ?? null, rewriter: o.rewriter ?? null })),
    detailedReport: { processed: report },
  };
}

/** The post goes to its own job, retried with backoff; what the report says about it. */
async function retryLater(s: Pick<Services, 'config' | 'log' | 'jobs'>, opts: FetchNamedOptions, telegramId: number): Promise<string> {
  try {
    await s.jobs.send(ingestPostJob, {
      source: opts.source, telegramId, force: opts.force, skipExisting: opts.skipExisting, useAI: opts.useAI, offlineFallback: true,
    }, { startAfterSeconds: s.config.jobRetryDelaySeconds });
    return 'پست در صف تلاش دوباره است.';
  } catch (error) {
    s.log.warn(`${opts.source}/${telegramId}: not queued for a retry (${(error as Error).message})`);
    return 'صف کارها در دسترس نبود؛ پست را بعداً دوباره پردازش کنید.';
  }
}
