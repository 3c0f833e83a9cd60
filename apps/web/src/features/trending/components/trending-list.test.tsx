// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { LOAD_FAILED } from '../../../components/load-failed.tsx';
import { ApiError, setTransport } from '../../../lib/api-client.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { trendingTopicsQuery } from '../api.ts';
import { TrendingList } from './trending-list.tsx';

const topics = [
  { keyword: 'بورس', count: 3, trend: 'down', category: 'اقتصاد' },
  { keyword: 'انتخابات', count: 2, trend: 'up', category: 'سیاست' },
  { keyword: 'مجلس', count: 1, trend: 'stable', category: 'سیاست' },
];

describe('TrendingList (search sidebar)', () => {
  it('numbers the topics in Persian and says how many stories each has', () => {
    renderWithApp(<TrendingList limit={10} />, { data: [[trendingTopicsQuery(10).queryKey, topics]] });
    const rows = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual(['۱بورس۳ خبر', '۲انتخابات۲ خبر', '۳مجلس۱ خبر']);
    expect(screen.getByRole('link', { name: /بورس/ }).getAttribute('href')).toBe(`/search?q=${encodeURIComponent('بورس')}`);
    expect(screen.getByLabelText('رو به رشد')).toBeTruthy();
  });

  it('says so when there is no topic', () => {
    renderWithApp(<TrendingList limit={10} />, { data: [[trendingTopicsQuery(10).queryKey, []]] });
    expect(screen.getByText('موضوع داغی یافت نشد')).toBeTruthy();
  });

  it('says the topics could not be read, not that there are none, when the read fails', async () => {
    const queryClient = createQueryClient();
    setTransport(queryClient, () => Promise.reject(new ApiError(503, 'busy', null)));
    renderWithApp(<TrendingList limit={10} />, { queryClient });
    expect((await screen.findByRole('alert')).textContent).toContain(LOAD_FAILED.topics);
    expect(screen.getByRole('button', { name: LOAD_FAILED.retry })).toBeTruthy();
    expect(screen.queryByText('موضوع داغی یافت نشد')).toBeNull();
  });
});
