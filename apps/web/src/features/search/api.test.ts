import { describe, expect, it } from 'vitest';
import { searchQuery as searchContract } from '@chapar/shared/contracts';
import { hasMoreResults, readSearchParams, SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE, searchHref, searchPath, toSearchResult } from './api.ts';

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
    expect(params).toEqual({ q: 'تورم', category: 'all', sort: 'relevance', date: 'all', page: 1 });
    expect(searchPath({ ...params, category: 'economy' })).toBe('/api/search/advanced?q=%D8%AA%D9%88%D8%B1%D9%85&category=economy&sort=relevance&date=all');
  });

  it('reads the page from the address, the first page for anything but a page the API answers', () => {
    const page = (raw: string) => readSearchParams(new URLSearchParams({ q: 'x', page: raw })).page;
    expect(page('2')).toBe(2);
    expect(page('500')).toBe(500);
    for (const raw of ['', '0', '1', '-2', '2.5', '02', 'x', '501', '99999']) expect(page(raw)).toBe(1);
  });

  it('asks the API for a later page, and names the page in the address only from the second on', () => {
    const params = { ...readSearchParams(new URLSearchParams('q=x')), sort: 'date', page: 2 };
    expect(searchPath(params)).toBe('/api/search/advanced?q=x&sort=date&date=all&page=2');
    expect(searchPath({ ...params, page: 1 })).toBe('/api/search/advanced?q=x&sort=date&date=all');
    expect(searchHref(params)).toBe('/search?q=x&sort=date&page=2');
    expect(searchHref({ ...params, page: 1 })).toBe('/search?q=x&sort=date');
  });

  it("pages the way the API does: its default page size and its last page", () => {
    expect(searchContract.parse({}).limit).toBe(SEARCH_PAGE_SIZE);
    expect(searchContract.safeParse({ page: String(SEARCH_PAGE_MAX) }).success).toBe(true);
    expect(searchContract.safeParse({ page: String(SEARCH_PAGE_MAX + 1) }).success).toBe(false);
  });

  it('has a next page only past a full page that the total goes beyond', () => {
    expect(hasMoreResults(1, 20, 21)).toBe(true);
    expect(hasMoreResults(1, 20, 20)).toBe(false);
    expect(hasMoreResults(2, 1, 21)).toBe(false);
    // The API ranks a limited set: a short page ends the list whatever the total says.
    expect(hasMoreResults(1, 12, 1000)).toBe(false);
    expect(hasMoreResults(500, 20, 100_000)).toBe(false);
  });
});
