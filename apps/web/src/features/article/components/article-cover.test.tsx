// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Article } from '@chapar/shared/contracts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ArticleCover } from './article-cover.tsx';

const DAY = 86_400_000;
const published = (ago: number) => {
  const at = new Date(Date.now() - ago).toISOString();
  return { id: 3, title: 'خبر', imageUrl: null, imageAltText: null, category: 'Politics', views: 0, publishedAt: at, updatedAt: at } as unknown as Article;
};
const freshness = (ago: number) => renderWithApp(<ArticleCover article={published(ago)} />).container.querySelector('[data-freshness]');

describe('the cover’s freshness badge (spec 02 §4)', () => {
  it('says how fresh a recent article is', () => {
    expect(freshness(10 * 60_000)?.textContent).toBe('تازه منتشر شده');
    expect(freshness(2 * DAY)?.textContent).toBe('اخیر');
  });

  it('past three days shows the relative time, in Persian digits', () => {
    const badge = freshness(8 * DAY);
    expect(badge?.getAttribute('data-freshness')).toBe('old');
    expect(badge?.textContent).toBe('۸ روز پیش');
  });
});
