// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { ArticleSummary } from '../../../lib/article-summary.ts';
import { pathOfRead } from '@chapar/shared/page-reads';
import { ApiError, setTransport } from '../../../lib/api-client.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { articlesFeedQuery } from '../api.ts';
import { FEED_OBSERVER, NewsFeed } from './news-feed.tsx';

const card = (id: number): ArticleSummary => ({
  id, slug: `s${id}`, title: `خبر ${id}`, excerpt: '', imageUrl: null, imageAltText: null, videoUrl: null,
  category: 'Politics', keywords: '', views: 0, featured: false, publishedAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(), cardMinutes: 1,
});
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => card(from + i));

/**
 * IntersectionObserver as the browser has it: observe() reports the target's state
 * (asynchronously), and after that only its changes.
 */
let visible = false;
const live = new Set<FakeObserver>();
class FakeObserver {
  readonly targets: Element[] = [];
  private reported: boolean | undefined;
  constructor(private readonly callback: IntersectionObserverCallback, readonly options?: IntersectionObserverInit) {}
  observe(target: Element) {
    this.targets.push(target);
    live.add(this);
    setTimeout(() => this.report(), 0);
  }
  disconnect() { live.delete(this); }
  unobserve() { live.delete(this); }
  takeRecords() { return []; }
  report() {
    if (!live.has(this) || this.reported === visible) return;
    this.reported = visible;
    this.callback(this.targets.map((target) => ({ target, isIntersecting: visible }) as IntersectionObserverEntry), this as unknown as IntersectionObserver);
  }
}
/** The reader scrolls the end of the feed into view (true) or away from it (false). */
const scrollEnd = async (inView: boolean) => {
  visible = inView;
  await act(async () => {
    for (const observer of live) observer.report();
    await new Promise((r) => setTimeout(r, 20));
  });
};
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));

const cards = () => screen.getByRole('region', { name: 'همه اخبار' }).querySelectorAll('article').length;

describe('NewsFeed', () => {
  let asked: string[];
  beforeEach(() => {
    visible = false;
    live.clear();
    asked = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  function renderFeed(answer: (page: number) => ArticleSummary[] | Error) {
    const view = renderWithApp(<NewsFeed />, { data: [[articlesFeedQuery().queryKey, { pages: [ids(1, 6)], pageParams: [1] }]] });
    setTransport(view.queryClient, async (read) => {
      const path = pathOfRead(read);
      asked.push(path);
      const result = answer(Number(new URL(path, 'http://x').searchParams.get('page')));
      if (result instanceof Error) throw result;
      return result;
    });
    return view;
  }

  it('watches the end with the spec\'s margin and threshold', async () => {
    renderFeed(() => []);
    await settle();
    expect([...live][0]?.options).toEqual(FEED_OBSERVER);
  });

  it('loads pages while the end is in view, past a page of articles already shown, until one comes back short', async () => {
    // Page 2 repeats page 1 (six articles were published in between): nothing new to show, and the
    // end of the feed is still in view, so the next page is asked for without another scroll.
    const pages: Record<number, ArticleSummary[]> = { 2: ids(1, 6), 3: ids(7, 12), 4: ids(13, 15) };
    renderFeed((page) => pages[page] ?? []);
    await settle();
    expect(asked).toEqual([]);
    await scrollEnd(true);
    // Three reads in a row: wait for the last card rather than a fixed time (slow machines).
    await waitFor(() => expect(cards()).toBe(15));
    expect(asked).toEqual([2, 3, 4].map((p) => `/api/articles?page=${p}&limit=6`));
    expect(screen.getByText('همه اخبار نمایش داده شد')).toBeTruthy();
  });

  it('loads one page per visit of the end when each page pushes the end out of view', async () => {
    renderFeed((page) => {
      // The six new cards push the end below the fold: the browser reports it gone.
      visible = false;
      setTimeout(() => { for (const observer of live) observer.report(); }, 5);
      return ids(page * 6 - 5, page * 6);
    });
    await scrollEnd(true);
    await settle();
    expect(asked).toEqual(['/api/articles?page=2&limit=6']);
    expect(cards()).toBe(12);
    await settle();
    expect(asked).toHaveLength(1);
    await scrollEnd(true);
    await settle();
    expect(asked).toEqual(['/api/articles?page=2&limit=6', '/api/articles?page=3&limit=6']);
    expect(cards()).toBe(18);
  });

  it('logs a failing page once and asks for it again only when the reader comes back to the end', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failing = true;
    renderFeed((page) => (failing ? new ApiError(503, 'busy', null) : page === 2 ? ids(7, 9) : []));
    await scrollEnd(true);
    await settle();
    await settle();
    expect(asked).toEqual(['/api/articles?page=2&limit=6']);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(cards()).toBe(6);

    failing = false;
    await scrollEnd(false);
    await scrollEnd(true);
    await settle();
    expect(asked).toEqual(['/api/articles?page=2&limit=6', '/api/articles?page=2&limit=6']);
    expect(cards()).toBe(9);
    errors.mockRestore();
  });
});
