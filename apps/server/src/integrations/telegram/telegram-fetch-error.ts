// One error type for everything that can go wrong while talking to Telegram, so
// jobs can decide by code: retry later, mark the channel broken, or give up.

export type TelegramFetchErrorCode =
  /** The channel name is not a valid public username; nothing was requested. */
  | 'invalid_channel'
  /** The channel has no public preview (unknown, private, or redirected away). */
  | 'not_found'
  /** 429 and the Retry-After was longer than we are willing to wait here. */
  | 'rate_limited'
  /** Every attempt timed out. */
  | 'timeout'
  /** 5xx on every attempt. */
  | 'upstream'
  /** The connection failed on every attempt (DNS, refused, reset). */
  | 'network'
  /** Any other status Telegram should not answer with (4xx). */
  | 'http_error'
  /**
   * Telegram answered, but not in a way that says whether the post exists (a 404 or a redirect
   * for the post's page, a page without the post and without 'Post not found'). Never read as
   * a deletion.
   */
  | 'inconclusive';

export interface TelegramFetchErrorDetails {
  url: string;
  status?: number;
  attempts: number;
  /** How long Telegram asked us to wait, for a job to reschedule itself. */
  retryAfterMs?: number;
  cause?: unknown;
}

export class TelegramFetchError extends Error {
  readonly code: TelegramFetchErrorCode;
  readonly url: string;
  readonly status?: number;
  readonly attempts: number;
  readonly retryAfterMs?: number;

  constructor(code: TelegramFetchErrorCode, message: string, details: TelegramFetchErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'TelegramFetchError';
    this.code = code;
    this.url = details.url;
    this.status = details.status;
    this.attempts = details.attempts;
    this.retryAfterMs = details.retryAfterMs;
  }

  /** Worth trying again later (as opposed to a bad channel name or a missing channel). */
  get transient(): boolean {
    return this.code === 'rate_limited' || this.code === 'timeout' || this.code === 'upstream' || this.code === 'network';
  }
}
