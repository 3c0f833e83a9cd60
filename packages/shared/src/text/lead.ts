// The lead under an article's headline and the body's first paragraph: when they say the same
// words, the page shows them once. Server render and hydration decide alike, from the same data.
import { hasTag, normalizePersian, stripHtml } from './normalize.ts';

const PARAGRAPH_END_RE = /<\/p\s*>/gi;

/**
 * What is between the first <p> and the next </p>, or null. Found in two steps: one regex for both
 * rescans the text from every '<p>' when no '</p>' follows (seconds for 100 KB of '<p>').
 */
function firstParagraph(content: string): string | null {
  const open = /<p\b[^>]*>/i.exec(content.slice(0, content.lastIndexOf('>') + 1));
  if (!open) return null;
  const start = open.index + open[0].length;
  PARAGRAPH_END_RE.lastIndex = start;
  const end = PARAGRAPH_END_RE.exec(content);
  return end ? content.slice(start, end.index) : null;
}

/** The text of the body's first paragraph (the first <p>, or the first line of plain text). */
export function firstParagraphText(content: string): string {
  const paragraph = firstParagraph(content);
  if (paragraph !== null) return stripHtml(paragraph);
  return hasTag(content) ? '' : (content.split('\n').find((line) => line.trim()) ?? '').trim();
}

/** Text as compared: normalised, punctuation and symbols gone, spaces folded. */
const comparable = (text: string) => normalizePersian(text).replace(/[\p{P}\p{S}]+/gu, ' ').replace(/\s+/g, ' ').trim();

/**
 * Whether the excerpt is the body's first paragraph over again, or the words it opens with
 * (the first sentence the offline rewriter takes as the lead): the same words once normalised
 * (Arabic letters, ZWNJ, digits, punctuation and spacing aside).
 */
export function excerptRepeatsLead(excerpt: string | null | undefined, content: string): boolean {
  const lead = comparable(excerpt ?? '');
  const first = comparable(firstParagraphText(content));
  return lead !== '' && (first === lead || first.startsWith(`${lead} `));
}
