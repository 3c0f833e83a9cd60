// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { ArticleSummary } from '../../../lib/article-summary.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { featuredArticlesQuery } from '../api.ts';
import { FeaturedSlider, SLIDE_INTERVAL_MS } from './featured-slider.tsx';

const slide = (id: number): ArticleSummary => ({
  id, slug: `s${id}`, title: `خبر ویژه ${id}`, excerpt: '', imageUrl: null, imageAltText: null, videoUrl: null,
  category: 'Politics', keywords: '', views: 0, featured: true, publishedAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(), cardMinutes: 1,
});

const visibleTitle = () => screen.getAllByRole('group').find((g) => !g.hasAttribute('inert'))?.querySelector('h2')?.textContent;

describe('FeaturedSlider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('advances every 5 s and wraps around', () => {
    renderWithApp(<FeaturedSlider />, { data: [[featuredArticlesQuery().queryKey, [slide(1), slide(2)]]] });
    expect(visibleTitle()).toBe('خبر ویژه 1');
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(visibleTitle()).toBe('خبر ویژه 2');
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(visibleTitle()).toBe('خبر ویژه 1');
  });

  it('has previous, next and dot controls, and pauses while hovered', () => {
    renderWithApp(<FeaturedSlider />, { data: [[featuredArticlesQuery().queryKey, [slide(1), slide(2), slide(3)]]] });
    fireEvent.click(screen.getByRole('button', { name: 'خبر قبلی' }));
    expect(visibleTitle()).toBe('خبر ویژه 3');
    fireEvent.click(screen.getByRole('button', { name: 'خبر بعدی' }));
    expect(visibleTitle()).toBe('خبر ویژه 1');
    fireEvent.click(screen.getByRole('button', { name: 'رفتن به خبر ۲' }));
    expect(visibleTitle()).toBe('خبر ویژه 2');
    fireEvent.mouseEnter(screen.getByRole('region', { name: 'اخبار ویژه' }));
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 3));
    expect(visibleTitle()).toBe('خبر ویژه 2');
  });

  it('is announced in Persian: the slider and each of its slides', () => {
    renderWithApp(<FeaturedSlider />, { data: [[featuredArticlesQuery().queryKey, [slide(1), slide(2)]]] });
    expect(screen.getByRole('region', { name: 'اخبار ویژه' }).getAttribute('aria-roledescription')).toBe('نمایش خبرهای ویژه');
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-roledescription'))).toEqual(['اسلاید', 'اسلاید']);
  });

  it('shows the empty state when there is no featured news', () => {
    renderWithApp(<FeaturedSlider />, { data: [[featuredArticlesQuery().queryKey, []]] });
    expect(screen.getByText('خبر ویژه‌ای یافت نشد')).toBeTruthy();
  });

  it('stays put when the reader asks for less motion, until its play button is pressed', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)', addEventListener: () => {}, removeEventListener: () => {},
    }));
    try {
      renderWithApp(<FeaturedSlider />, { data: [[featuredArticlesQuery().queryKey, [slide(1), slide(2)]]] });
      act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 3));
      expect(visibleTitle()).toBe('خبر ویژه 1');
      fireEvent.click(screen.getByRole('button', { name: 'پخش خودکار' }));
      act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
      expect(visibleTitle()).toBe('خبر ویژه 2');
      expect(screen.getByRole('button', { name: 'توقف پخش خودکار' })).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
