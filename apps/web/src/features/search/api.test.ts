import { describe, expect, it } from 'vitest';
import { readSearchParams, searchPath, toSearchResult } from './api.ts';

const article = { id: 1, title: 'ت', content: '<p>x</p>', excerpt: '', category: 'Economy', keywords: '', views: 0, publishedAt: '2026-01-01T00:00:00Z' };

describe('search api', () => {
  it('reads results from articles, else results, else the body itself (spec 01 §7)', () => {
    expect(toSearchResult({ articles: [article], total: 7 })).toMatchObject({ total: 7, articles: [{ id: 1, cardMinutes: 1 }] });
    expect(toSearchResult({ results: [article] }).articles).toHaveLength(1);
    expect(toSearchResult([article]).total).toBe(1);
    expect(toSearchResult(null).articles).toEqual([]);
  });

  it('defaults the filters and leaves "all" out of the API path', () => {
    const params = readSearchParams(new URLSearchParams('q=%D8%AA%D9%88%D8%B1%D9%85'));
    expect(params).toEqual({ q: 'تورم', category: 'all', sort: 'relevance', date: 'all' });
    expect(searchPath({ ...params, category: 'economy' })).toBe('/api/search/advanced?q=%D8%AA%D9%88%D8%B1%D9%85&category=economy&sort=relevance&date=all');
  });
});
