// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { pathOfRead } from '@chapar/shared/page-reads';
import { LOAD_FAILED } from '../../components/load-failed.tsx';
import { ApiError, setTransport } from '../../lib/api-client.ts';
import { Providers } from '../providers.tsx';
import { createQueryClient } from '../query-client.ts';
import { route } from './category.tsx';

afterEach(cleanup);

const article = { id: 7, title: 'خبر سیاسی', content: '<p>x</p>', excerpt: '', category: 'Politics', keywords: '', views: 0, publishedAt: '2026-01-01T00:00:00Z' };

/** The category page at `path` under `pattern`; every read the page makes is answered by `answer` and recorded. */
function renderCategory(path: string, pattern: string, answer: (path: string) => unknown) {
  const queryClient = createQueryClient();
  const asked: string[] = [];
  setTransport(queryClient, async (read) => {
    const apiPath = pathOfRead(read);
    asked.push(apiPath);
    return answer(apiPath);
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Providers queryClient={queryClient} renderedAt={Date.now()}>
        <Routes><Route path={pattern} element={<route.Component />} /></Routes>
      </Providers>
    </MemoryRouter>,
  );
  return asked;
}

const categoriesOr = (list: () => unknown) => (path: string) => (path === '/api/categories' ? [] : list());

describe('the category page', () => {
  it('asks for no list while it has no slug (its last render on the way to another page)', async () => {
    const asked = renderCategory('/elsewhere', '*', categoriesOr(() => [article]));
    await waitFor(() => expect(asked).toContain('/api/categories'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked.filter((p) => p.startsWith('/api/categories/'))).toEqual([]);
  });

  it('says a list that could not be read failed, not that the category is empty, and reads it again on request', async () => {
    let failing = true;
    const asked = renderCategory('/category/politics', '/category/:slug', categoriesOr(() => {
      if (failing) throw new ApiError(503, 'busy', null);
      return [article];
    }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(LOAD_FAILED.articles);
    expect(screen.queryByText('مقاله‌ای یافت نشد')).toBeNull();

    failing = false;
    fireEvent.click(screen.getByRole('button', { name: LOAD_FAILED.retry }));
    expect(await screen.findByRole('heading', { name: 'خبر سیاسی' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(asked.filter((p) => p.startsWith('/api/categories/politics/articles'))).toHaveLength(2);
  });
});
