// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render.tsx';
import { trendingTopicsQuery } from '../api.ts';
import { TrendingCloud } from './trending-cloud.tsx';

const topics = [
  { keyword: 'بورس', count: 3, trend: 'down', category: 'ورزش' },
  { keyword: 'انتخابات', count: 2, trend: 'up', category: 'ورزش' },
  { keyword: 'مجلس', count: 1, trend: 'stable', category: 'ورزش' },
];

describe('TrendingCloud', () => {
  it('marks a rising or falling word with an arrow, not by colour alone, hidden from screen readers that hear it in words', () => {
    renderWithApp(<TrendingCloud limit={20} />, { data: [[trendingTopicsQuery(20).queryKey, topics]] });
    const arrow = (name: RegExp) => screen.getByRole('link', { name }).querySelector('[data-trend-arrow]');
    expect(arrow(/^انتخابات.*رو به رشد/)?.getAttribute('data-trend-arrow')).toBe('up');
    expect(arrow(/^بورس.*رو به کاهش/)?.getAttribute('data-trend-arrow')).toBe('down');
    expect(arrow(/^مجلس/)).toBeNull();
    for (const mark of document.querySelectorAll('[data-trend-arrow]')) expect(mark.getAttribute('aria-hidden')).toBe('true');
  });
});
