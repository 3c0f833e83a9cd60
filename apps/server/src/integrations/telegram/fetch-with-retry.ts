// GET a Telegram page politely: a hard timeout per attempt, Retry-After honoured
// on 429, exponential backoff on 5xx, timeouts and dropped connections, and a
// typed error once the attempts are spent.
import { setTimeout as sleep } from 'node:timers/promises';
import { TelegramFetchError } from './telegram-fetch-error.ts';

/** The part of fetch this module uses, so undici's fetch and global fetch both fit. */
export type FetchLike = (
  url: string,
  init: { signal: AbortSignal; redirect: 'manual'; headers: Record<string, string> },
) => Promise<{ status: number; headers: { get(name: string): string | null }; text(): Promise<string> }>;

export interface RetryPolicy {
  timeoutMs: number;
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff delay; doubled on every further retry. */
  backoffBaseMs: number;
  /** Longest Retry-After we sleep through; a longer one fails with 'rate_limited'. */
  maxRetryAfterMs: number;
}

export interface FetchedPage {
  status: number;
  body: string;
  /** Where a 3xx pointed, if it was one. */
  location?: string;
}

const HEADERS = {
  // English labels ('edited', 'Media is too big') are what the parser looks for.
  'accept-language': 'en-US,en;q=0.8',
  accept: 'text/html,application/xhtml+xml',
  'user-agent': 'Mozilla/5.0 (compatible; ChaparBot/1.0; +https://github.com/chapar)',
};

/** Resolves with any 2xx, 3xx or 404; throws TelegramFetchError for the rest. */
export async function fetchWithRetry(fetchImpl: FetchLike, url: string, policy: RetryPolicy): Promise<FetchedPage> {
  const attempts = policy.maxRetries + 1;
  let last: { code: 'timeout' | 'upstream' | 'network'; status?: number; cause?: unknown } = { code: 'network' };

  for (let attempt = 1; attempt <= attempts; attempt++) {
    let waitMs = backoffDelay(policy.backoffBaseMs, attempt);
    try {
      // One signal covers the headers and the body, so a server that stalls mid-page still times out.
      const signal = AbortSignal.timeout(policy.timeoutMs);
      const response = await fetchImpl(url, { signal, redirect: 'manual', headers: HEADERS });
      const body = await response.text();
      const { status } = response;

      if (status === 429) {
        const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
        if (retryAfterMs !== undefined && retryAfterMs > policy.maxRetryAfterMs) {
          throw new TelegramFetchError('rate_limited', `Telegram asked to wait ${Math.ceil(retryAfterMs / 1000)} s`, { url, status, attempts: attempt, retryAfterMs });
        }
        if (attempt === attempts) {
          throw new TelegramFetchError('rate_limited', 'Telegram kept answering 429', { url, status, attempts: attempt, retryAfterMs });
        }
        waitMs = retryAfterMs ?? waitMs;
        last = { code: 'upstream', status };
      } else if (status >= 500) {
        last = { code: 'upstream', status };
      } else if ((status >= 200 && status < 400) || status === 404) {
        return { status, body, location: response.headers.get('location') ?? undefined };
      } else {
        throw new TelegramFetchError('http_error', `Telegram answered ${status}`, { url, status, attempts: attempt });
      }
    } catch (error) {
      if (error instanceof TelegramFetchError) throw error;
      last = { code: isTimeout(error) ? 'timeout' : 'network', cause: error };
    }
    if (attempt < attempts) await sleep(waitMs);
  }

  const message =
    last.code === 'timeout' ? `No answer within ${policy.timeoutMs} ms` : last.code === 'upstream' ? `Telegram answered ${last.status}` : 'Could not reach Telegram';
  throw new TelegramFetchError(last.code, `${message} (${attempts} attempts)`, { url, status: last.status, attempts, cause: last.cause });
}

/** base, 2·base, 4·base, ... with up to 20% jitter so many workers do not retry in step. */
export function backoffDelay(baseMs: number, attempt: number): number {
  const delay = baseMs * 2 ** (attempt - 1);
  return Math.round(delay * (1 + Math.random() * 0.2));
}

/** Retry-After in seconds or as an HTTP date → milliseconds; undefined if absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+(?:\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function isTimeout(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  // undici wraps the abort reason; walk the cause chain to find the TimeoutError.
  while (current instanceof Error && !seen.has(current)) {
    if (current.name === 'TimeoutError') return true;
    seen.add(current);
    current = current.cause;
  }
  return false;
}
