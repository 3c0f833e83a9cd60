import { describe, expect, it } from 'vitest';
import type { Article } from '@chapar/shared/contracts';
import { toSummary } from './article-summary.ts';

const article: Article = {
  id: 7, slug: 'خبر-نمونه', title: 'خبر نمونه', excerpt: 'خلاصه', content: `<p>${'واژه '.repeat(700)}</p>`,
  metaDescription: 'توضیح', imageUrl: '/media/a.jpg', imageAltText: 'تصویر', videoUrl: null, videoAltText: null,
  podcastUrl: '/media/p.mp3', podcastVoice: 'fa', podcastDuration: 90, category: 'Politics', keywords: 'الف,ب',
  views: 12, featured: false, publishedAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T11:00:00.000Z',
  telegramId: 100, source: 'chapar_demo', readingTime: 4,
};

describe('article summaries for lists', () => {
  it('keep what cards read, drop the body and everything else, and carry the card reading time', () => {
    const summary = toSummary(article);
    expect(Object.keys(summary).sort()).toEqual(['cardMinutes', 'category', 'excerpt', 'featured', 'id', 'imageAltText', 'imageUrl', 'keywords', 'publishedAt', 'slug', 'title', 'updatedAt', 'videoUrl', 'views']);
    expect(summary).toMatchObject({ id: 7, title: 'خبر نمونه', keywords: 'الف,ب', imageAltText: 'تصویر' });
    // Spec 01 §2: content length / 1000, at least one minute.
    expect(summary.cardMinutes).toBe(Math.max(1, Math.ceil(article.content.length / 1000)));
  });
});

describe('summaries the server read already', () => {
  it('pass as they are, with their own card reading time', () => {
    const summary = toSummary(article);
    const again = toSummary({ ...summary, cardMinutes: 9 });
    expect(again).toEqual({ ...summary, cardMinutes: 9 });
  });
});
