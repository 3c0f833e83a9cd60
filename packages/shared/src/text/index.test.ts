import { describe, expect, it } from 'vitest';
import * as text from './index.ts';

describe('text index', () => {
  it('re-exports every module', () => {
    for (const name of [
      'normalizePersian', 'stripHtml', 'toPersianDigits', 'toAsciiDigits', 'formatNumberFa',
      'formatJalaliDate', 'formatJalaliDateTime', 'formatRelativeFa', 'slugify', 'articlePath',
      'parseArticleId', 'shortPath', 'cardReadingMinutes', 'countWords', 'articleReadingMinutes',
      'buildAltText', 'categoryFaName', 'categorySlug', 'freshnessBadge', 'isHot', 'isOldContent',
      'wasUpdated', 'tweetText', 'shareUrls',
    ]) {
      expect(typeof (text as Record<string, unknown>)[name], name).toBe('function');
    }
    expect(text.ADMIN_CATEGORY_SLUGS).toHaveLength(6);
  });
});
