// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ArticleSummary } from '../../../lib/article-summary.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { latestArticlesQuery } from '../api.ts';
import { TopicChips } from './topic-chips.tsx';

const card = (id: number, keywords: string): ArticleSummary => ({
  id, slug: `s${id}`, title: `خبر ${id}`, excerpt: '', imageUrl: null, imageAltText: null, videoUrl: null,
  category: 'Politics', keywords, views: 0, featured: false, publishedAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(), cardMinutes: 1,
});

describe('TopicChips', () => {
  it('shows one topic once however the stories spell it, in its first spelling, each a search', () => {
    renderWithApp(<TopicChips />, {
      data: [[latestArticlesQuery().queryKey, [
        card(1, 'کم\u200cآبی,سد کرج'),
        card(2, 'کم آبی،سدکرج,بنزين'),
        card(3, 'کمآبی,بنزین'),
      ]]],
    });
    const chips = screen.getAllByRole('link').map((link) => link.textContent);
    expect(chips).toEqual(['کم\u200cآبی', 'سد کرج', 'بنزين']);
    expect(screen.getByRole('link', { name: 'سد کرج' }).getAttribute('href')).toBe(`/search?${new URLSearchParams({ q: 'سد کرج' })}`);
  });
});
