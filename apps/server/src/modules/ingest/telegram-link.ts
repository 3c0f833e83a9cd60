// Links an admin pastes: accepted only for Telegram's hosts (and the configured web base
// URL's host) and only for the configured channels, as {host}/{channel}/{numeric id}.
// Anything else is 'فرمت لینک تلگرام صحیح نیست' and nothing is fetched.
import { LINK_MESSAGES } from '@chapar/shared/contracts';
import { AppError } from '../../errors.ts';

const TELEGRAM_HOSTS = new Set(['t.me', 'www.t.me', 'telegram.me', 'www.telegram.me', 'telegram.dog']);

export interface PostLink {
  channel: string;
  messageId: number;
}

export function parseTelegramLink(raw: string, opts: { channels: readonly string[]; webBaseUrl: string }): PostLink | null {
  const text = raw.trim();
  if (!text || text.length > 500) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  const base = new URL(opts.webBaseUrl);
  const hostOk = TELEGRAM_HOSTS.has(url.hostname.toLowerCase()) ? !url.port : url.host === base.host;
  if (!hostOk || !['http:', 'https:'].includes(url.protocol) || url.username || url.password) return null;
  const match = /^\/(?:s\/)?([A-Za-z][A-Za-z0-9_]{3,31})\/(\d{1,15})\/?$/.exec(url.pathname);
  if (!match) return null;
  const channel = opts.channels.find((c) => c.toLowerCase() === match[1].toLowerCase());
  const messageId = Number(match[2]);
  return channel && Number.isSafeInteger(messageId) && messageId > 0 ? { channel, messageId } : null;
}

export function requireTelegramLink(raw: string, opts: { channels: readonly string[]; webBaseUrl: string }): PostLink {
  const link = parseTelegramLink(raw, opts);
  if (!link) throw new AppError('bad_request', LINK_MESSAGES.invalid);
  return link;
}
