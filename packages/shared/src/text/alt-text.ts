// Generated alt text for article media without one (spec 02 §5): screen readers
// and image search get the title and category, never an empty alt.
import { categoryFaName } from './categories.ts';
import { stripHtml } from './normalize.ts';

export const ALT_TEXT_MAX_LENGTH = 125;
export const SITE_TAG = ' | چاپار';
// Three dots, not '…': the spec's limit is 122 characters plus an ellipsis = 125.
const ELLIPSIS = '...';

const PREFIX = { image: 'تصویر خبر:', video: 'ویدیوی خبر:' } as const;

export interface AltTextInput {
  kind: 'image' | 'video';
  title: string;
  category?: string | null;
  excerpt?: string | null;
}

/** Cut text to max characters, the last three being '...'; never splits a surrogate pair. */
export function truncateWithEllipsis(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - ELLIPSIS.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--; // high surrogate: drop the half emoji
  return text.slice(0, end) + ELLIPSIS;
}

/**
 * 'تصویر خبر: {title} - {category} - {excerpt} | چاپار', at most 125 characters.
 * The excerpt joins only when 21–99 characters long: a shorter one adds nothing,
 * a longer one would push out the title's context.
 */
export function buildAltText({ kind, title, category, excerpt }: AltTextInput): string {
  const parts = [`${PREFIX[kind]} ${stripHtml(title)}`.trim(), categoryFaName(category)];
  const plainExcerpt = excerpt ? stripHtml(excerpt) : '';
  if (plainExcerpt.length >= 21 && plainExcerpt.length <= 99) parts.push(plainExcerpt);
  return truncateWithEllipsis(parts.join(' - ') + SITE_TAG, ALT_TEXT_MAX_LENGTH);
}
