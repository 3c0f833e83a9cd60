// An article's keywords as the edit dialog sends them: one string, split at commas (Persian or
// Latin) or lines. Checked here for size and for keywords that show nothing, and cleaned of
// direction runs and control characters as a title is; the server tidies each (editorKeywords, topics).
import { z } from 'zod';
import { toPersianDigits } from '../text/digits.ts';
import { stripRunsAndControls, visibleLength } from '../text/invisible.ts';

/** At most this many keywords, each at most KEYWORD_MAX_LENGTH characters. */
export const MAX_EDITOR_KEYWORDS = 12;
export const KEYWORD_MAX_LENGTH = 60;

/** The non-empty parts of a keyword list, trimmed. */
export const splitKeywords = (raw: string): string[] => raw.split(/[,،\n]/).map((part) => part.trim()).filter(Boolean);

export const KEYWORD_MESSAGES = {
  tooMany: `حداکثر ${toPersianDigits(MAX_EDITOR_KEYWORDS)} کلیدواژه می‌توان داشت`,
  tooLong: `هر کلیدواژه حداکثر ${toPersianDigits(KEYWORD_MAX_LENGTH)} نویسه است`,
  invisible: 'هر کلیدواژه باید دست‌کم یک نویسهٔ دیدنی داشته باشد',
} as const;

export const editorKeywordsField = z.string({ error: 'کلیدواژه‌ها باید متن باشد' })
  .max(2000, KEYWORD_MESSAGES.tooMany)
  // A keyword that shows nothing (a zero-width space, a lone override) is refused, as such a title is.
  .refine((raw) => splitKeywords(raw).every((part) => visibleLength(part) > 0), KEYWORD_MESSAGES.invisible)
  // Without direction runs or control characters, as a title; spacing is the server's to tidy.
  .overwrite(stripRunsAndControls)
  .refine((raw) => splitKeywords(raw).length <= MAX_EDITOR_KEYWORDS, KEYWORD_MESSAGES.tooMany)
  .refine((raw) => splitKeywords(raw).every((part) => part.length <= KEYWORD_MAX_LENGTH), KEYWORD_MESSAGES.tooLong);
