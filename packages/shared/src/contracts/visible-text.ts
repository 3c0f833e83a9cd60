// A text field whose value people see (a title, a name): stored without direction runs and
// control characters (text/invisible.ts), and long enough in the characters that show, so a
// field of zero-width spaces or an unclosed right-to-left override counts as empty.
import { z } from 'zod';
import { toPersianDigits } from '../text/digits.ts';
import { cleanTypedText, visibleLength } from '../text/invisible.ts';
import { stripHtml } from '../text/normalize.ts';

export interface VisibleTextOptions {
  /** The field's Persian name, for the messages. */
  label: string;
  /** Characters that show, at least; 0 lets the field be sent empty ('' clears it), never invisible-only. */
  min: number;
  max: number;
  tooShort?: string;
  tooLong?: string;
  /** When the value is not a string at all. */
  notText?: string;
}

/** «{label} باید دست‌کم ۳ نویسهٔ دیدنی داشته باشد» */
export function tooFewVisible(label: string, min: number): string {
  return `${label} باید دست‌کم ${min <= 1 ? 'یک' : toPersianDigits(min)} نویسهٔ دیدنی داشته باشد`;
}

export function visibleText({ label, min, max, tooShort, tooLong, notText }: VisibleTextOptions) {
  const message = tooShort ?? tooFewVisible(label, Math.max(min, 1));
  return z.string({ error: notText ?? `${label} باید متن باشد` })
    // Blank (spaces only) is empty; anything else sent must show something.
    .refine((raw) => min > 0 || raw.trim() === '' || visibleLength(raw) > 0, { message })
    .overwrite(cleanTypedText)
    .max(max, tooLong ?? `${label} حداکثر ${toPersianDigits(max)} نویسه است`)
    .refine((text) => min === 0 || visibleLength(text) >= min, { message });
}

/** True when HTML shows some text once its markup is taken away ('<p> </p>' shows none). */
export const htmlHasText = (html: string) => visibleLength(stripHtml(html)) > 0;

// A media tag with what follows its name up to the next '>' (or the end), taken whole so the search
// for its source never rescans it: one regex for both made '<img ' × 20,000 take seconds.
const MEDIA_TAG_RE = /<(?:img|video|audio|iframe|source)\b([^>]*)/gi;
const SOURCE_RE = /\bsrc\s*=\s*["']?[^"'\s]/i;

/** True when HTML has a picture, video, sound or frame with a source. */
export function htmlHasMedia(html: string): boolean {
  for (const [, attributes] of html.matchAll(MEDIA_TAG_RE)) if (SOURCE_RE.test(attributes ?? '')) return true;
  return false;
}

/** True when HTML shows something: some text, or a picture, video, sound or frame with a source (a photo-only post's body). */
export const htmlShowsContent = (html: string) => htmlHasText(html) || htmlHasMedia(html);
