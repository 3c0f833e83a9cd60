// The one Persian normaliser, used for search indexing and for queries alike: any
// spelling of the same words (Arabic letters, diacritics, other digits, ZWNJ or
// space) must reduce to the same string, or searches silently miss.
import { toAsciiDigits } from './digits.ts';

// Arabic letter forms that Persian writes differently. آ is kept: it is a distinct
// Persian letter (آب ≠ اب), whereas أ/إ are Arabic spellings of ا.
const LETTER_MAP: Record<string, string> = {
  '\u064a': '\u06cc', // ي Arabic yeh → ی
  '\u0649': '\u06cc', // ى alef maksura → ی
  '\u0643': '\u06a9', // ك Arabic kaf → ک
  '\u06aa': '\u06a9', // ڪ swash kaf → ک
  '\u0629': '\u0647', // ة teh marbuta → ه
  '\u06c0': '\u0647', // ۀ heh with yeh above → ه (same as ه + stripped hamza mark)
  '\u0623': '\u0627', // أ → ا
  '\u0625': '\u0627', // إ → ا
  '\u0671': '\u0627', // ٱ alef wasla → ا
  '\u066b': '.', // ٫ Arabic decimal separator, so '۱٫۵' matches '1.5'
  '\u066c': ',', // ٬ Arabic thousands separator
};
const LETTER_RE = new RegExp(`[${Object.keys(LETTER_MAP).join('')}]`, 'g');

// Harakat, tanwin, shadda, sukun, hamza/madda marks (U+064B–U+065F), superscript
// alef (U+0670) and tatweel (U+0640): optional in writing, so they never count.
const MARKS_RE = /[\u064b-\u065f\u0670\u0640]/g;

// Characters that separate words: ZWNJ (half-space) and zero-width space. PostgreSQL
// splits at ZWNJ and PGlite does not, so it becomes a plain space here.
const SEPARATOR_RE = /[\u200b\u200c]/g;

// Invisible formatting (ZWJ, word joiner, BOM, soft hyphen, bidi marks and
// embeddings) never separates words, so it is deleted rather than turned into a space.
const INVISIBLE_RE = /[\u200d\u2060\ufeff\u00ad\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Normalise Persian text for indexing and querying. NFKC first folds Arabic
 * presentation forms and ligatures (ﻙ, ﻻ) into ordinary letters and composes
 * ا + madda into آ, so the letter map below sees one spelling only.
 */
export function normalizePersian(text: string): string {
  return toAsciiDigits(
    text
      .normalize('NFKC')
      .replace(LETTER_RE, (ch) => LETTER_MAP[ch] ?? ch)
      .replace(MARKS_RE, '')
      .replace(INVISIBLE_RE, '')
      .replace(SEPARATOR_RE, ' '),
  )
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .trim();
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0',
  zwnj: '\u200c', zwj: '\u200d', lrm: '\u200e', rlm: '\u200f',
  laquo: '«', raquo: '»', hellip: '…', ndash: '–', mdash: '—', shy: '\u00ad',
  lsquo: '\u2018', rsquo: '\u2019', ldquo: '\u201c', rdquo: '\u201d', middot: '·', bull: '•',
};

// Tags that end a block of text: removing them without a space would glue the last
// word of one paragraph to the first of the next. Inline tags (b, a, span) vanish,
// since they may sit inside a word.
const BLOCK_TAG_RE =
  /<\/?(?:p|div|br|hr|li|ul|ol|h[1-6]|tr|td|th|table|thead|tbody|blockquote|section|article|header|footer|aside|nav|figure|figcaption|pre|dd|dt|dl|img|video|audio|iframe)\b[^>]*>/gi;

function decodeEntity(entity: string, body: string): string {
  if (body[0] === '#') {
    const hex = body[1] === 'x' || body[1] === 'X';
    const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
    // Out-of-range and surrogate code points would make fromCodePoint throw.
    if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
    return String.fromCodePoint(code);
  }
  return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
}

// Removes a pattern whose every match ends at a '>' (a tag): a '<' after the last '>' starts no tag,
// and left to the regex each such '<' would scan to the end of the text (seconds for 100 KB of '<a').
function replaceTags(html: string, re: RegExp, replacement: string): string {
  const end = html.lastIndexOf('>') + 1;
  return html.slice(0, end).replace(re, replacement) + html.slice(end);
}

/**
 * `re.test(text)` for a pattern that ends at a '>' and matches whenever one follows what it opens with
 * (`/<[a-z][^>]*>/i`), linear in the length of `text` however many '<' it has.
 */
export function hasTag(text: string, re: RegExp = /<[a-z][^>]*>/i): boolean {
  return re.test(text.slice(0, text.lastIndexOf('>') + 1));
}

const RAW_TEXT_RE = /<(script|style|noscript|template)\b[^>]*>[\s\S]*?(?:(<\/\1\s*>)|$)/gi;

// Scripts and styles with their content; one left open runs to the end of the text.
function dropRawText(html: string): string {
  const end = html.lastIndexOf('>') + 1;
  let open = false;
  const head = html.slice(0, end).replace(RAW_TEXT_RE, (_match, _name, close: string | undefined) => {
    open = close === undefined;
    return ' ';
  });
  return open ? head : head + html.slice(end);
}

/**
 * HTML → plain text: scripts, styles and comments dropped, tags removed (block tags
 * become spaces), common entities decoded, whitespace collapsed. Entities are
 * decoded last and in one pass, so '&lt;b&gt;' stays text and '&amp;lt;' gives '&lt;'.
 * Not a sanitiser: its output is text, never to be inserted as HTML. Linear in the length
 * of the text, whatever it holds (an editor's body may be 200,000 characters of '<a').
 */
export function stripHtml(html: string): string {
  const text = dropRawText(html.replace(/<!--[\s\S]*?(?:-->|$)/g, ' '));
  return replaceTags(replaceTags(text, BLOCK_TAG_RE, ' '), /<\/?[a-z][^>]*>/gi, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
}
