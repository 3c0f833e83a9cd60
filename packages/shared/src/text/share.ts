// Share links (spec 01 §9): microblog, chat app and messenger, with the default
// hashtags 'اخبار_ایران' and 'خبر_فوری' plus one for the article's category.
import { findCategory } from './categories.ts';
import { truncateWithEllipsis } from './alt-text.ts';

export const TWEET_MAX_LENGTH = 240;
export const DEFAULT_HASHTAGS = ['اخبار_ایران', 'خبر_فوری'] as const;

/** Tweet text: trimmed and cut to 240 characters (237 plus '...'). */
export function tweetText(text: string): string {
  return truncateWithEllipsis(text.replace(/\s+/g, ' ').trim(), TWEET_MAX_LENGTH);
}

/**
 * Default hashtags plus the category's Persian name. Hashtags end at a space or ZWNJ
 * on most networks, so those become '_' (بین‌الملل → بین_الملل). Unknown categories add none.
 */
export function shareHashtags(category?: string | null): string[] {
  const tags: string[] = [...DEFAULT_HASHTAGS];
  const found = findCategory(category);
  if (found) tags.push(found.nameFa.replace(/[\s\u200c]+/g, '_'));
  return tags;
}

export interface ShareInput {
  /** Absolute URL of the article (or its short link). */
  url: string;
  title: string;
  category?: string | null;
}

export interface ShareUrls {
  twitter: string;
  whatsapp: string;
  telegram: string;
}

export function shareUrls({ url, title, category }: ShareInput): ShareUrls {
  const enc = encodeURIComponent;
  const hashtags = shareHashtags(category).join(',');
  return {
    twitter: `https://twitter.com/intent/tweet?text=${enc(tweetText(title))}&url=${enc(url)}&hashtags=${enc(hashtags)}`,
    whatsapp: `https://wa.me/?text=${enc(`${title}\n${url}`)}`,
    telegram: `https://t.me/share/url?url=${enc(url)}&text=${enc(title)}`,
  };
}
