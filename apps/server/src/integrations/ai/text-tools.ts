import { escapeHtml } from '@chapar/shared/html';
import { hasTag, stripHtml } from '@chapar/shared/text';

// Sentence and length helpers for Persian text, shared by both rewriters and the
// output checks. Persian ends sentences with . ! ؟ and … like Latin text, but
// writes decimals as ۱.۵ or ۱٫۵, so a dot only ends a sentence before a space.

const ELLIPSIS = '…';

// Punctuation a headline must not end with. '»' and ')' stay: they close something. The run is
// matched from its first character only (the lookbehind): from each of its characters a long run
// followed by a word would be rescanned to its end, seconds for a post of 20,000 commas.
const TRAILING_PUNCTUATION = /(?<![\s.!?؟…:،؛,;\-–—_|*«(])[\s.!?؟…:،؛,;\-–—_|*«(]+$/u;

/** Splits at sentence ends (. ! ? ؟ … followed by space) and at line breaks. */
export function splitSentences(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line) => line.split(/(?<=[.!?؟…])\s+/u))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Removes trailing punctuation; drops a closing '»' or ')' whose opener is missing. */
export function stripTrailingPunctuation(text: string): string {
  let result = text.replace(TRAILING_PUNCTUATION, '');
  if (result.endsWith('»') && !result.includes('«')) result = result.slice(0, -1).replace(TRAILING_PUNCTUATION, '');
  if (result.endsWith(')') && !result.includes('(')) result = result.slice(0, -1).replace(TRAILING_PUNCTUATION, '');
  return result;
}

/**
 * Cuts at the last word boundary that fits in `max` characters. With `ellipsis`
 * the '…' counts towards `max`. A text that fits comes back unchanged.
 */
export function truncateAtWord(text: string, max: number, ellipsis = true): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const room = ellipsis ? max - ELLIPSIS.length : max;
  const slice = clean.slice(0, room + 1);
  const lastSpace = slice.lastIndexOf(' ');
  // A single enormous 'word' (a URL, say) is cut mid-word rather than lost.
  let cut = (lastSpace > room * 0.5 ? slice.slice(0, lastSpace) : clean.slice(0, room)).replace(/[\s.،,;؛:\-–—]+$/u, '');
  const code = cut.charCodeAt(cut.length - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut = cut.slice(0, -1);
  return ellipsis ? `${cut}${ELLIPSIS}` : cut;
}

/** Where a headline may end early: ، ؛ : before a space (not the colon of ۱۰:۳۰ or of an address), or a spaced dash. */
const CLAUSE_BREAK = /[،؛:](?=\s)|\s[-–—](?=\s)/gu;

/**
 * A headline-sized piece of `text`. One that fits comes back whole, without trailing punctuation.
 * A longer one is cut at a clause break (، ؛ : –) when one falls in the second half of the limit,
 * else at the last word that fits, and ends in '…' (counted towards `max`) so it never reads as
 * the whole story. Only a single word longer than the limit is cut inside.
 */
export function cutHeadline(text: string, max: number): string {
  const clean = text.trim();
  if (clean.length <= max) return stripTrailingPunctuation(clean);
  const room = max - ELLIPSIS.length;
  let clauseEnd = -1;
  for (const match of clean.matchAll(CLAUSE_BREAK)) {
    if (match.index > room) break;
    clauseEnd = match.index;
  }
  let cut: string;
  if (clauseEnd > room * 0.5) cut = clean.slice(0, clauseEnd);
  else {
    // The last space that leaves the words before it whole.
    const lastSpace = clean.slice(0, room + 1).lastIndexOf(' ');
    cut = lastSpace > 0 ? clean.slice(0, lastSpace) : clean.slice(0, room);
  }
  const code = cut.charCodeAt(cut.length - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut = cut.slice(0, -1);
  return `${stripTrailingPunctuation(cut)}${ELLIPSIS}`;
}

/** Joins sentences while they fit in `max`; the first one is cut to fit if it alone is too long. */
export function takeSentences(sentences: string[], max: number, count: number): string {
  let result = '';
  for (const sentence of sentences.slice(0, count)) {
    const next = result ? `${result} ${sentence}` : sentence;
    if (next.length > max) break;
    result = next;
  }
  return result || truncateAtWord(sentences[0] ?? '', max);
}

/** Plain text → paragraphs: each non-empty line becomes one <p>, HTML-escaped. */
export function textToParagraphs(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n');
}

/** Article HTML → plain text with one line per paragraph (plain text passes through). */
export function htmlToText(content: string): string {
  if (!hasTag(content)) return content.trim();
  return content
    .split(/<\/(?:p|h2|h3|li|blockquote|figure)>|<br\s*\/?>/i)
    .map((part) => stripHtml(part))
    .filter(Boolean)
    .join('\n');
}
