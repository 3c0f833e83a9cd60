import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SEARCH_QUERY_TOO_LONG } from '@chapar/shared/text';
import { pathOfRead } from '@chapar/shared/page-reads';
import { ApiError, setTransport } from '../../lib/api-client.ts';
import { Providers } from '../providers.tsx';
import { createQueryClient } from '../query-client.ts';
import { route } from './search.tsx';

const LONG = 'ب'.repeat(2000);

/** The page as the server sends it: prefetch, then one render (no effects, no JavaScript). */
async function serverRender(search: string, answer: (path: string) => unknown = () => Promise.reject(new ApiError(400, '', null))) {
  const queryClient = createQueryClient();
  const asked: string[] = [];
  setTransport(queryClient, (read) => {
    const path = pathOfRead(read);
    asked.push(path);
    return path.startsWith('/api/search') ? Promise.resolve().then(() => answer(path)) : Promise.resolve([]);
  });
  const ctx = { queryClient, params: {}, pathname: '/search', searchParams: new URLSearchParams(search), baseUrl: 'https://chapar.test' };
  await route.prefetch?.(ctx);
  const html = renderToString(
    <MemoryRouter initialEntries={[`/search?${search}`]}>
      <Providers queryClient={queryClient} renderedAt={Date.now()}>
        <route.Component />
      </Providers>
    </MemoryRouter>,
  );
  return { html, asked, head: route.head(ctx) };
}

describe('the search page rendered on the server', () => {
  it('says a query over 200 characters is too long, without asking the API', async () => {
    const { html, asked } = await serverRender(new URLSearchParams({ q: LONG }).toString());
    expect(html).toContain(SEARCH_QUERY_TOO_LONG);
    expect(asked.filter((p) => p.startsWith('/api/search'))).toEqual([]);
  });

  it('cuts a long query in the title, with an ellipsis', async () => {
    const { head } = await serverRender(new URLSearchParams({ q: LONG }).toString());
    expect(head.title).toMatch(/^جستجو: ب{40}… \| /);
    expect(head.title.length).toBeLessThan(80);
  });

  it('keeps a short query whole in the title', async () => {
    const { head } = await serverRender(new URLSearchParams({ q: 'قیمت دلار' }).toString());
    expect(head.title).toMatch(/^جستجو: قیمت دلار \| /);
  });

  it('renders a later page of results with its pager and names the page in the title', async () => {
    const article = (id: number) => ({ id, title: `خبر ${id}`, content: '<p>x</p>', excerpt: '', category: 'Politics', keywords: '', views: 0, publishedAt: '2026-01-01T00:00:00Z' });
    const { html, asked, head } = await serverRender('q=%DA%A9%D8%B4%D9%88%D8%B1&page=2', () => ({ articles: [article(21)], total: 21, page: 2 }));
    expect(asked).toContain('/api/search/advanced?q=%DA%A9%D8%B4%D9%88%D8%B1&sort=relevance&date=all&page=2');
    expect(html).toContain('خبر 21');
    expect(html).toMatch(/<a href="\/search\?q=%DA%A9%D8%B4%D9%88%D8%B1" rel="prev"[^>]*>.*نتیجه‌های قبلی/);
    expect(html).not.toContain('rel="next"');
    expect(head.title).toMatch(/^جستجو: کشور، صفحهٔ ۲ \| /);
  });
});
