// The rewriting integration's public surface, and the choice between the AI
// rewriter and the offline one: the site degrades, it does not stop, when no
// AI endpoint is configured (docs/architecture.md, 'Degrade, don't die').
import { createAiRewriter } from './openai-rewriter.ts';
import { createOfflineRewriter } from './offline-rewriter.ts';
import type { Rewriter } from './types.ts';

export interface RewriterConfig {
  aiBaseUrl?: string;
  aiApiKey?: string;
  /** Defaults to gpt-4o-mini, which any OpenAI account can use. */
  aiModel?: string;
  timeoutMs?: number;
  maxRetries?: number;
}

export const DEFAULT_AI_MODEL = 'gpt-4o-mini';

/** AI when both the base URL and the key are set, the offline rewriter otherwise. */
export function createRewriter(config: RewriterConfig): Rewriter {
  const baseUrl = config.aiBaseUrl?.trim();
  const apiKey = config.aiApiKey?.trim();
  if (!baseUrl || !apiKey) return createOfflineRewriter();
  return createAiRewriter({
    baseUrl,
    apiKey,
    model: config.aiModel?.trim() || DEFAULT_AI_MODEL,
    timeoutMs: config.timeoutMs,
    maxRetries: config.maxRetries,
  });
}

export { createAiRewriter, type AiRewriterOptions } from './openai-rewriter.ts';
export { createOfflineRewriter, rewriteOffline } from './offline-rewriter.ts';
export { checkRewrite, checkRegeneratedField, extractNumbers, findMissingNumbers, sanitizeArticleHtml } from './check-rewrite.ts';
export { classifyCategory, toRewriteCategory } from './category-rules.ts';
export { cleanPostText } from './clean-post.ts';
export {
  REWRITE_CATEGORIES,
  REWRITE_LIMITS,
  RewriteError,
  type RegenerableField,
  type RegenerateFieldInput,
  type RewriteCategory,
  type RewriteErrorCode,
  type RewriteInput,
  type RewriteResult,
  type Rewriter,
} from './types.ts';
export { probeAiEndpoint, type AiProbe } from './probe.ts';
