// The contract between the ingest pipeline and whatever turns a Telegram post
// into an article: an OpenAI-compatible model, or the offline rule-based rewriter.

/** English values stored on articles; the rewriters choose only among these six. */
export const REWRITE_CATEGORIES = ['Politics', 'Economy', 'Technology', 'Health', 'Culture', 'Sports'] as const;
export type RewriteCategory = (typeof REWRITE_CATEGORIES)[number];

export const REWRITE_LIMITS = {
  titleMin: 10,
  titleMax: 150,
  /** The offline rewriter aims shorter than the hard maximum: headlines read better. */
  offlineTitleMax: 110,
  excerptMax: 300,
  offlineExcerptMax: 220,
  metaDescriptionMax: 150,
  keywordsMax: 8,
} as const;

export interface RewriteInput {
  /** The post's plain text, as the Telegram source gives it. */
  text: string;
  /** The post's formatted HTML, when the source has it. */
  html?: string;
  /** Without '#'; underscores still in (they stand for spaces). */
  hashtags: string[];
  /** Channel username, so its own signature lines can be recognised. */
  channel?: string;
}

export interface RewriteResult {
  title: string;
  excerpt: string;
  /** Sanitised article HTML: p, h2, h3, lists, emphasis, links, quotes, figures. */
  content: string;
  category: RewriteCategory;
  keywords: string[];
  /** At most 150 characters. */
  metaDescription: string;
}

export type RegenerableField = 'title' | 'excerpt' | 'metaDescription' | 'content';

export interface RegenerateFieldInput {
  field: RegenerableField;
  /** The article text (HTML or plain) the new value is drawn from. */
  content: string;
}

export interface Rewriter {
  readonly name: 'ai' | 'offline';
  rewrite(input: RewriteInput): Promise<RewriteResult>;
  /** A fresh value for one field of an existing article (the admin's 'regenerate' button). */
  regenerateField(input: RegenerateFieldInput): Promise<string>;
}

export type RewriteErrorCode =
  /** Nothing left to rewrite once signatures, links and emoji are gone. */
  | 'empty_input'
  /** Not JSON, wrong shape, bad lengths or an unknown category, on every attempt. */
  | 'invalid_output'
  /** The output lost numbers the post has, on every attempt. */
  | 'numbers_dropped'
  | 'timeout'
  /** 5xx, 429 or a failed connection on every attempt, or another 4xx. */
  | 'upstream'
  /** 401/403: the key is wrong; retrying will not help. */
  | 'unauthorized';

export class RewriteError extends Error {
  readonly code: RewriteErrorCode;
  readonly attempts: number;
  /** For numbers_dropped: the source numbers missing from the last answer. */
  readonly missingNumbers?: string[];

  constructor(code: RewriteErrorCode, message: string, options: { attempts?: number; missingNumbers?: string[]; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RewriteError';
    this.code = code;
    this.attempts = options.attempts ?? 1;
    this.missingNumbers = options.missingNumbers;
  }
}
