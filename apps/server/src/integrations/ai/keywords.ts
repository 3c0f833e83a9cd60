// Keywords for an article without a model: the channel's own hashtags first
// (they are what the editor chose), then the words the text repeats most.
import { normalizePersian } from '@chapar/shared/text';
import { isStopword } from './stopwords.ts';

const HASHTAG_RE = /(?<![\p{L}\p{N}_/&])#([\p{L}\p{N}_\u200c]+)/gu;

/** Hashtags written in the text, without '#', in order; numbers-only tags are not topics. */
export function hashtagsInText(text: string): string[] {
  const tags = [...text.matchAll(HASHTAG_RE)].map((m) => m[1]).filter((tag) => !/^\p{Nd}+$/u.test(tag));
  return [...new Set(tags)];
}

/** 'بازار_ارز' → 'بازار ارز': underscores stand for spaces in hashtags. */
export function hashtagToKeyword(tag: string): string {
  return tag.replace(/^#/, '').replace(/_+/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Up to `max` keywords: hashtags in their order, then words that occur at least
 * twice (most frequent first, ties by first appearance), then, if fewer than
 * three were found, the longest content words of `titleHint`. Duplicates are
 * recognised after Persian normalisation, so 'سياست' and 'سیاست' count once.
 */
export function extractKeywords(text: string, hashtags: string[], max: number, titleHint = ''): string[] {
  const keywords: string[] = [];
  const seen = new Set<string>();
  const add = (word: string) => {
    const key = normalizePersian(word);
    if (!word || seen.has(key) || keywords.length >= max) return;
    // 'تیم' adds nothing next to 'تیم ملی'.
    if (!key.includes(' ') && [...seen].some((k) => k.split(' ').includes(key))) return;
    seen.add(key);
    keywords.push(word);
  };

  for (const tag of hashtags) add(hashtagToKeyword(tag));

  const counts = new Map<string, { word: string; count: number; first: number }>();
  contentWords(text).forEach((word, index) => {
    const key = normalizePersian(word);
    const entry = counts.get(key);
    if (entry) entry.count++;
    else counts.set(key, { word, count: 1, first: index });
  });
  [...counts.values()]
    .filter((entry) => entry.count >= 2)
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .forEach((entry) => add(entry.word));

  if (keywords.length < 3) {
    contentWords(titleHint)
      .map((word, index) => ({ word, index }))
      .sort((a, b) => b.word.length - a.word.length || a.index - b.index)
      .slice(0, 3)
      .forEach(({ word }) => add(word));
  }
  return keywords;
}

/**
 * Words as written (ZWNJ kept, so 'گفت‌وگو' stays one word), minus stop words,
 * numbers and verbs with the continuous prefix (می‌/نمی‌), which never make keywords.
 */
export function contentWords(text: string): string[] {
  return text
    .split(/[^\p{L}\p{N}\p{M}\u200c]+/u)
    .map((word) => word.replace(/^\u200c+|\u200c+$/g, ''))
    .filter((word) => {
      const key = normalizePersian(word);
      if (!key || /^(?:ن?می) /.test(key)) return false;
      return !isStopword(key);
    });
}
