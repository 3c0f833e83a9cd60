// The rewrite step: the AI rewriter when configured (and wanted), else the offline one.
// A post with nothing left to rewrite is ignored as too short. When the AI keeps
// failing, the job retries; on its last attempt (or with a refused key, which no retry
// fixes) the offline rewriter writes the article instead: degrade, don't die. Unless the
// admin asked for the AI itself (regenerate-article): then its failure is the answer, and
// nothing is written.
import { RewriteError, type RewriteResult } from '../../integrations/ai/index.ts';
import type { TelegramPost } from '../../integrations/telegram/index.ts';
import { failureText } from '../../integrations/failure-text.ts';
import { aiFallbacks } from '../../metrics/registry.ts';
import type { NormalisedPost } from '../posts/normalise.ts';
import type { Services } from '../../services.ts';

export type RewriteOutcome =
  | { ok: true; result: RewriteResult; rewriter: 'ai' | 'offline'; note?: string }
  | { ok: false; reason: 'too_short' };

/** The AI was required and failed: the article is left as it was (its message says so, in Persian). */
export class AiRequiredError extends Error {
  override name = 'AiRequiredError';
  constructor(override readonly cause: RewriteError) {
    super(`بازنویسی با هوش مصنوعی انجام نشد: ${failureText(cause)}؛ مقاله تغییری نکرد`);
  }
}

export async function rewritePost(
  s: Pick<Services, 'log' | 'rewriter' | 'offlineRewriter'>, post: TelegramPost, normalised: NormalisedPost,
  opts: { useAI: boolean; finalAttempt: boolean; requireAI?: boolean },
): Promise<RewriteOutcome> {
  const input = { text: normalised.text, hashtags: normalised.hashtags, channel: post.channel };
  const rewriter = opts.useAI ? s.rewriter : s.offlineRewriter;
  try {
    return { ok: true, result: await rewriter.rewrite(input), rewriter: rewriter.name };
  } catch (error) {
    if (!(error instanceof RewriteError)) throw error;
    if (error.code === 'empty_input') return { ok: false, reason: 'too_short' };
    if (rewriter.name === 'offline') throw error;
    if (opts.requireAI) {
      s.log.warn(`${post.channel}/${post.messageId}: AI rewrite failed (${error.code}: ${error.message}); the AI was required, nothing written`);
      throw new AiRequiredError(error);
    }
    if (error.code !== 'unauthorized' && !opts.finalAttempt) throw error;
    aiFallbacks.inc();
    s.log.warn(`${post.channel}/${post.messageId}: AI rewrite failed (${error.code}: ${error.message}); written by the offline rewriter`);
    const note = `بازنویسی با هوش مصنوعی ناموفق بود (${failureText(error)})؛ بازنویس آفلاین مقاله را نوشت`;
    return { ok: true, result: await s.offlineRewriter.rewrite(input), rewriter: 'offline', note };
  }
}
