// The lead under an article's headline and the body's first paragraph: when they say the same
// words, the page shows them once. Server render and hydration decide alike, from the same data.
import { normalizePersian, stripHtml } from './normalize.ts';

/** The text of the body's first paragraph (the first <p>, or the first line of plain text). */
export function firstParagraphText(content: string): string {
  const paragraph = /<p\b[^>]*>([\s\S]*?)<\/p\s*>/i.exec(content);
  if (paragraph) return stripHtml(paragraph[1]);
  return /<[a-z][^>]*>/i.test(content) ? '' : (content.split('\n').find((line) => line.trim()) ?? '').trim();
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
