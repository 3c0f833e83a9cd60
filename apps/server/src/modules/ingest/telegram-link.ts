// Links an admin pastes: accepted only for Telegram's hosts (and the configured web base
// URL's host) and only for the configured channels, as {host}/{channel}/{numeric id}.
// Any other shape is 'فرمت لینک تلگرام صحیح نیست', a channel not active here says so; nothing is fetched.
import { LINK_MESSAGES } from '@chapar/shared/contracts';
import { handle } from '@chapar/shared/text';
import { AppError } from '../../errors.ts';

const TELEGRAM_HOSTS = new Set(['t.me', 'www.t.me', 'telegram.me', 'www.telegram.me', 'telegram.dog']);

export interface PostLink {
  channel: string;
  messageId: number;
}

/** The channel and post a well-formed link names, configured or not; null for anything else. */
function linkParts(raw: string, webBaseUrl: string): { name: string; messageId: number } | null {
  const text = raw.trim();
  if (!text || text.length > 500) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  const base = new URL(webBaseUrl);
  const hostOk = TELEGRAM_HOSTS.has(url.hostname.toLowerCase()) ? !url.port : url.host === base.host;
  if (!hostOk || !['http:', 'https:'].includes(url.protocol) || url.username || url.password) return null;
  const match = /^\/(?:s\/)?([A-Za-z][A-Za-z0-9_]{3,31})\/(\d{1,15})\/?$/.exec(url.pathname);
  const messageId = Number(match?.[2]);
  return match && Number.isSafeInteger(messageId) && messageId > 0 ? { name: match[1], messageId } : null;
}

const configured = (name: string, channels: readonly string[]) => channels.find((c) => c.toLowerCase() === name.toLowerCase());

export function parseTelegramLink(raw: string, opts: { channels: readonly string[]; webBaseUrl: string }): PostLink | null {
  const parts = linkParts(raw, opts.webBaseUrl);
  const channel = parts && configured(parts.name, opts.channels);
  return parts && channel ? { channel, messageId: parts.messageId } : null;
}

/** The link's post; a 400 that says what is wrong: the link's shape, or a channel that is not active here. */
export function requireTelegramLink(raw: string, opts: { channels: readonly string[]; webBaseUrl: string }): PostLink {
  const parts = linkParts(raw, opts.webBaseUrl);
  if (!parts) throw new AppError('bad_request', LINK_MESSAGES.invalid);
  const channel = configured(parts.name, opts.channels);
  if (!channel) throw new AppError('bad_request', `کانال ${handle(parts.name)} در فهرست کانال‌های فعال نیست؛ آن را در «کانال‌ها» فعال کنید یا لینک پستی از کانال‌های فعال بدهید`);
  return { channel, messageId: parts.messageId };
}
