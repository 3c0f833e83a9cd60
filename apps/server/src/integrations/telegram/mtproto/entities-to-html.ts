// A message's text and its formatting entities → the same sanitised HTML the web
// preview source produces: only b, i, a[href], br, code and pre.
import type SanitizeHtml from 'sanitize-html';
import { sanitizeHtml } from '../../../lazy-packages.ts';
import { Api } from 'telegram';
import { escapeHtml } from '@chapar/shared/html';

export interface FormattedText {
  html: string;
  /** Absolute http(s) link targets, in order, no duplicates. */
  links: string[];
}

interface Span {
  start: number;
  end: number;
  open: string;
  close: string;
}

const SANITIZE_OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: ['b', 'i', 'a', 'br', 'code', 'pre'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https'],
};

/** Telegram's text as HTML: escaped, with its line breaks kept. */
const textHtml = (text: string) => escapeHtml(text).replace(/\n/g, '<br>');

/** http(s) only; a bare 'example.com' (how Url entities often look) gets https://. */
function absoluteUrl(raw: string): string | undefined {
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function tagFor(entity: Api.TypeMessageEntity, text: string): Pick<Span, 'open' | 'close'> & { href?: string } | undefined {
  const covered = text.slice(entity.offset, entity.offset + entity.length);
  const link = (href: string | undefined) => (href ? { open: `<a href="${escapeHtml(href)}">`, close: '</a>', href } : undefined);
  if (entity instanceof Api.MessageEntityBold) return { open: '<b>', close: '</b>' };
  if (entity instanceof Api.MessageEntityItalic) return { open: '<i>', close: '</i>' };
  if (entity instanceof Api.MessageEntityCode) return { open: '<code>', close: '</code>' };
  if (entity instanceof Api.MessageEntityPre) return { open: '<pre>', close: '</pre>' };
  if (entity instanceof Api.MessageEntityTextUrl) return link(absoluteUrl(entity.url));
  if (entity instanceof Api.MessageEntityUrl) return link(absoluteUrl(covered));
  // The web preview links @mentions to t.me as well; hashtags stay text there and here.
  if (entity instanceof Api.MessageEntityMention) return link(`https://t.me/${covered.replace(/^@/, '')}`);
  return undefined;
}

export function entitiesToHtml(text: string, entities: Api.TypeMessageEntity[] = []): FormattedText {
  const spans: Span[] = [];
  const links: string[] = [];
  for (const entity of entities) {
    const start = Math.max(0, entity.offset);
    const end = Math.min(text.length, entity.offset + entity.length);
    const tag = end > start ? tagFor(entity, text) : undefined;
    if (!tag) continue;
    spans.push({ start, end, open: tag.open, close: tag.close });
    if (tag.href && !links.includes(tag.href)) links.push(tag.href);
  }
  const points = [...new Set([0, text.length, ...spans.flatMap((s) => [s.start, s.end])])].sort((a, b) => a - b);

  const open: Span[] = [];
  let html = '';
  points.forEach((at, i) => {
    // Entities may overlap without nesting: closing one closes those opened inside
    // it too, and the ones still running are reopened, so the markup always nests.
    const firstEnded = open.findIndex((s) => s.end <= at);
    if (firstEnded >= 0) {
      const closed = open.splice(firstEnded);
      html += closed.map((s) => s.close).reverse().join('');
      for (const s of closed.filter((c) => c.end > at)) {
        html += s.open;
        open.push(s);
      }
    }
    // Longer spans open first, so a span starting at the same place nests inside them.
    for (const s of spans.filter((c) => c.start === at).sort((a, b) => b.end - a.end)) {
      html += s.open;
      open.push(s);
    }
    if (i + 1 < points.length) html += textHtml(text.slice(at, points[i + 1]));
  });
  html += open.map((s) => s.close).reverse().join('');
  return { html: sanitizeHtml(html, SANITIZE_OPTIONS).trim(), links };
}
