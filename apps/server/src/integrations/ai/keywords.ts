// An article's keywords, by either rewriter: the channel's own hashtags or the model's list
// first (they are what an editor chose), then the text's own topics, all through the one
// topic filter (@chapar/shared/topics): no stop word, names kept whole, ZWNJ as the text has it.
import { articleTopics, tidyTopic } from '@chapar/shared/topics';

// Marks (shadda in 'خیّران') and ZWNJ belong to a Persian hashtag.
const HASHTAG_RE = /(?<![\p{L}\p{N}_/&])#([\p{L}\p{N}\p{M}_\u200c]+)/gu;

/** Hashtags written in the text, without '#', in order; numbers-only tags are not topics. */
export function hashtagsInText(text: string): string[] {
  const tags = [...text.matchAll(HASHTAG_RE)].map((m) => m[1]).filter((tag) => !/^\p{Nd}+$/u.test(tag));
  return [...new Set(tags)];
}

/** 'بازار_ارز' → 'بازار ارز', 'برنامه_بازی_ها' → 'برنامه بازی‌ها'. */
export function hashtagToKeyword(tag: string): string {
  return tidyTopic(tag);
}

/**
 * Up to `max` keywords: the given ones (hashtags or a model's list) that are topics, then the
 * topics of the text (repeated words, names, phrases the title shares with the body).
 */
export function extractKeywords(text: string, given: string[], max: number, title = ''): string[] {
  return articleTopics({ text, title, given: given.map(hashtagToKeyword), max });
}
