// Reading-time estimates. Two rules exist on purpose: the card rule (spec 01) is
// cheap enough for lists, the article rule (spec 02) counts words for the article page.
import { stripHtml } from './normalize.ts';

export const CARD_CHARS_PER_MINUTE = 1000;
export const WORDS_PER_MINUTE = 200;
/** Words assumed when an article has no content yet, so the page still shows a time. */
export const DEFAULT_WORD_COUNT = 1000;

// A token counts as a word only if it holds a letter or digit: a lone '-' or '«' does not.
const WORD_RE = /[\p{L}\p{N}]/u;

/** Article card: content length / 1000, rounded up, at least 1 minute (spec 01). */
export function cardReadingMinutes(content: string | null | undefined): number {
  return Math.max(1, Math.ceil((content?.length ?? 0) / CARD_CHARS_PER_MINUTE));
}

/**
 * Words in text or HTML (tags stripped first). Split at whitespace only: a ZWNJ joins
 * the parts of one Persian word (می‌شود), so it does not split.
 */
export function countWords(textOrHtml: string | null | undefined): number {
  if (!textOrHtml) return 0;
  let count = 0;
  for (const token of stripHtml(textOrHtml).split(' ')) if (WORD_RE.test(token)) count++;
  return count;
}

/** Article page: words / 200, rounded up; 1000 words assumed without content (spec 02). */
export function articleReadingMinutes(content: string | null | undefined): number {
  return readingMinutesOfWords(countWords(content));
}

/** The article rule from a word count already made (countWords): a page showing both counts once. */
export function readingMinutesOfWords(words: number): number {
  return Math.ceil((words || DEFAULT_WORD_COUNT) / WORDS_PER_MINUTE);
}
