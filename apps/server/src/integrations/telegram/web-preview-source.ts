// TelegramSource over Telegram's public web preview: channel pages at
// {base}/s/{channel} (paged with ?before= and ?after=) and single posts through
// the embed widget at {base}/{channel}/{id}?embed=1. Needs no account.
import { undici } from '../../lazy-packages.ts';
import { fetchWithRetry, type FetchLike } from './fetch-with-retry.ts';
import { parseChannelPage, parseEmbedPost, saysPostNotFound } from './parse-channel-page.ts';
import { proxyDispatcher } from './proxy-dispatcher.ts';
import type { TelegramProxy } from './proxy-settings.ts';
import { TelegramFetchError } from './telegram-fetch-error.ts';
import type { ChannelPage, FetchPageOptions, TelegramPost, TelegramSource } from './types.ts';

export interface WebPreviewSourceOptions {
  /** TELEGRAM_WEB_BASE_URL; https://t.me in production, a local fixture server in tests. */
  baseUrl?: string;
  timeoutMs?: number;
  maxRetries?: number;
  /** First backoff delay after a 5xx or timeout; doubles per retry. */
  backoffBaseMs?: number;
  /** Longest Retry-After worth sleeping through inside one call. */
  maxRetryAfterMs?: number;
  fetch?: FetchLike;
  /** TELEGRAM_PROXY_URL: pages are read through it (its dispatcher made on the first read). */
  proxy?: TelegramProxy;
}

// Telegram usernames: 5–32 letters, digits and underscores, starting with a
// letter. Checking first keeps arbitrary paths out of the URL we build.
const CHANNEL_RE = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;

export function createWebPreviewSource(options: WebPreviewSourceOptions = {}): TelegramSource {
  const base = (options.baseUrl ?? 'https://t.me').replace(/\/+$/, '');
  const policy = {
    timeoutMs: options.timeoutMs ?? 15_000,
    maxRetries: options.maxRetries ?? 3,
    backoffBaseMs: options.backoffBaseMs ?? 1_000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
  };
  const { proxy } = options;
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => undici().fetch(url, proxy ? { ...init, dispatcher: proxyDispatcher(proxy) } : init));

  return {
    async fetchPage(channel: string, page: FetchPageOptions = {}): Promise<ChannelPage> {
      const url = new URL(`${base}/s/${checkChannel(channel, base)}`);
      if (page.before !== undefined) url.searchParams.set('before', String(checkId(page.before)));
      if (page.after !== undefined) url.searchParams.set('after', String(checkId(page.after)));
      const response = await fetchWithRetry(fetchImpl, url.href, policy);
      // t.me redirects /s/{name} to /{name} when a channel has no public preview.
      if (response.status === 404 || response.status >= 300) {
        throw new TelegramFetchError('not_found', `@${channel} has no public web preview`, {
          url: url.href,
          status: response.status,
          attempts: 1,
        });
      }
      const parsed = parseChannelPage(response.body, { pageUrl: url.href });
      // A 200 that is no channel page at all (empty, JSON, a proxy's page): Telegram answered
      // wrongly this time, which says nothing of the channel (t.me redirects one it has no preview of).
      if (!parsed.posts.length && !/tgme_channel_history|tgme_widget_message/.test(response.body)) {
        throw new TelegramFetchError('upstream', `Telegram answered ${response.status} with no channel page for @${channel}`, { url: url.href, status: response.status, attempts: 1 });
      }
      return parsed;
    },

    async fetchPost(channel: string, messageId: number): Promise<TelegramPost | null> {
      const url = new URL(`${base}/${checkChannel(channel, base)}/${checkId(messageId)}`);
      url.searchParams.set('embed', '1');
      const response = await fetchWithRetry(fetchImpl, url.href, policy);
      const details = { url: url.href, status: response.status, attempts: 1 };
      if (response.status !== 200) throw new TelegramFetchError('inconclusive', `Telegram answered ${response.status} for the post`, details);
      const post = parseEmbedPost(response.body, messageId, { pageUrl: url.href });
      if (post) return post;
      // Only the widget's own 'Post not found' says the post is gone.
      if (saysPostNotFound(response.body)) return null;
      throw new TelegramFetchError('inconclusive', 'The post page shows neither the post nor "Post not found"', details);
    },
  };
}

function checkChannel(channel: string, base: string): string {
  const name = channel.trim().replace(/^@/, '');
  if (!CHANNEL_RE.test(name)) {
    throw new TelegramFetchError('invalid_channel', `'${channel}' is not a public channel username`, { url: base, attempts: 0 });
  }
  return name;
}

function checkId(id: number): number {
  if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`Message id must be a positive integer, got ${id}`);
  return id;
}
