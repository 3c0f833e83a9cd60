// Article addresses (spec 01 §2): /article/{slug}-{id}, /article/{id}, /s/{id}.
// The id is always the trailing number; the slug is decoration for readers and
// search engines, so parsing never depends on it.
import { MAX_ID } from '../contracts/page-reads.ts';
import { normalizePersian, stripHtml } from './normalize.ts';

export const SLUG_MAX_LENGTH = 100;

const LETTER_RE = /\p{L}/u;
const KEPT_SCRIPT_RE = /[\p{Script=Arabic}\p{Script=Latin}]/u;

// Only Persian/Arabic-script and Latin letters and ASCII digits survive; everything
// else (، ؛ ؟ « » and all other punctuation, symbols, emoji) separates words.
function isSlugChar(ch: string): boolean {
  return (ch >= '0' && ch <= '9') || (LETTER_RE.test(ch) && KEPT_SCRIPT_RE.test(ch));
}

/**
 * Title → slug: markup stripped, letters normalised by the shared normaliser (ي→ی,
 * ك→ک, no diacritics, ASCII digits, lower-case Latin), punctuation, spaces and ZWNJ
 * → one hyphen, at most 100 characters and never ending in a hyphen.
 */
export function slugify(title: string): string {
  let slug = recentSlugs.get(title);
  if (slug === undefined) {
    let out = '';
    for (const ch of normalizePersian(stripHtml(title))) out += isSlugChar(ch) ? ch : '-';
    slug = out
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, SLUG_MAX_LENGTH)
      .replace(/-+$/, '');
    if (recentSlugs.size >= RECENT_SLUGS) recentSlugs.clear();
    recentSlugs.set(title, slug);
  }
  return slug;
}

// Every link to an article is built from its title, so a rendered page slugifies the same few
// titles again and again (each card, the related list, canonical and share links): for an
// uncached article page that was about 4 % of its CPU. Titles seen lately keep their slug.
const RECENT_SLUGS = 2000;
const recentSlugs = new Map<string, string>();

/**
 * '/article/{slug}-{id}', or '/article/{id}' when the title yields no slug. The
 * path is not percent-encoded: pass it through encodeURI before an HTTP header.
 */
export function articlePath(article: { id: number | string; title?: string | null }): string {
  const slug = slugify(article.title ?? '');
  return slug ? `/article/${slug}-${article.id}` : `/article/${article.id}`;
}

/** Short share link: '/s/{id}'. */
export function shortPath(id: number | string): string {
  return `/s/${id}`;
}

// Decode each run of %XX on its own, so one malformed sequence ('%E0%A4%A') leaves
// only itself undecoded instead of making the whole address unreadable.
function safeDecode(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

const SLUG_ID_RE = /^(?:.*-)?([0-9]+)$/;
const PLAIN_ARTICLE_PATH = /^\/article\/[^?#\s]*[-/]([0-9]+)\/?$/i;
const BARE_ID_RE = /^([0-9]+)$/;

// Past the integer column an id names no article: the one check of its range.
function idInRange(digits: string): number | null {
  const id = Number(digits);
  return Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : null;
}

// Persian digits are accepted too ('/s/۴۲'), hence the normaliser before matching.
function idFromSegment(segment: string, pattern: RegExp): number | null {
  const match = pattern.exec(normalizePersian(segment));
  if (!match) return null;
  return idInRange(match[1]);
}

/**
 * The article id in '/article/{slug}-{id}', '/article/{id}', '/s/{id}', a full URL
 * of these, a bare segment ('slug-42', '42') or any percent-encoded (even twice, even
 * malformed) form; null when there is none or it is past MAX_ID. Never throws.
 */
export function parseArticleId(pathOrSegment: string | null | undefined): number | null {
  if (!pathOrSegment) return null;
  // The site's own article addresses: the page's route and its links read them on every render,
  // and decoding a long percent-encoded Persian slug (~600 characters) is most of the work below.
  // Digits at the very end, after a hyphen or slash, are the id whatever the slug decodes to.
  const plain = PLAIN_ARTICLE_PATH.exec(pathOrSegment);
  if (plain) {
    return idInRange(plain[1]);
  }
  let text = pathOrSegment.trim();
  // Twice: addresses shared through other sites sometimes arrive encoded twice.
  for (let i = 0; i < 2; i++) text = safeDecode(text);
  text = text
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '') // origin of a full URL
    .replace(/[?#].*$/s, '') // query and fragment
    .replace(/\/+$/, '');
  if (!text.includes('/')) return idFromSegment(text, SLUG_ID_RE);
  const segments = text.split('/').filter(Boolean);
  const head = segments[0]?.toLowerCase();
  if (head === 's' && segments.length === 2) return idFromSegment(segments[1], BARE_ID_RE);
  if (head === 'article' && segments.length >= 2) return idFromSegment(segments[segments.length - 1], SLUG_ID_RE);
  return null;
}
