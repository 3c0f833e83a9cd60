// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pathOfRead } from '@chapar/shared/page-reads';
import { LOAD_FAILED } from '../../components/load-failed.tsx';
import { ApiError, setTransport } from '../../lib/api-client.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { createQueryClient } from '../query-client.ts';
import { route } from './home.tsx';

const article = { id: 3, title: 'خبر ویژه امروز', content: '<p>x</p>', excerpt: '', category: 'Politics', keywords: '', views: 0, publishedAt: '2026-01-01T00:00:00Z' };

/** Home with every list failing (the database not answering) until `recover` is called. */
function renderFailingHome() {
  const queryClient = createQueryClient();
  let failing = true;
  setTransport(queryClient, async (read) => {
    const path = pathOfRead(read);
    if (failing && /^\/api\/(articles|categories\/|analytics)/.test(path)) throw new ApiError(503, 'busy', null);
    if (path.startsWith('/api/status')) return { status: 'ok', database: { reachable: true } };
    return path.startsWith('/api/articles') || path.startsWith('/api/categories/') ? [article] : [];
  });
  renderWithApp(<route.Component />, { queryClient });
  return { recover: () => { failing = false; } };
}

describe('the home page when the lists cannot be read', () => {
  it('says each list failed and offers to try again, never that there is no news', async () => {
    renderFailingHome();
    await waitFor(() => expect(screen.getAllByText(LOAD_FAILED.articles)).toHaveLength(6));
    // Featured, latest, the two category previews, popular and the feed; and the trending cloud.
    expect(screen.getAllByText(LOAD_FAILED.topics)).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: LOAD_FAILED.retry })).toHaveLength(7);
    for (const empty of ['خبر ویژه‌ای یافت نشد', 'خبری یافت نشد', 'مقاله محبوبی وجود ندارد', 'موضوع داغی یافت نشد', 'مقاله‌ای یافت نشد']) {
      expect(screen.queryByText(empty)).toBeNull();
    }
  });

  it("a list's retry reads it again and shows it", async () => {
    const { recover } = renderFailingHome();
    const popular = screen.getByRole('region', { name: 'پربازدیدترین‌ها' });
    await within(popular).findByText(LOAD_FAILED.articles);
    recover();
    fireEvent.click(within(popular).getByRole('button', { name: LOAD_FAILED.retry }));
    expect(await within(popular).findByRole('link', { name: 'خبر ویژه امروز' })).toBeTruthy();
  });
});
