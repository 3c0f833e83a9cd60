// @vitest-environment jsdom
// The bookmarks page: taking a bookmark off removes its card; keyboard focus stays in the list.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Bookmark } from '@chapar/shared/contracts';
import { BOOKMARKS_PATH } from '../../features/bookmarks/api.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { route } from './bookmarks.tsx';

const TITLES = ['خبر یکم', 'خبر دوم', 'خبر سوم'];
const saved: Bookmark[] = TITLES.map((title, i) => ({
  articleId: i + 1,
  createdAt: '2026-01-02T10:00:00Z',
  article: { id: i + 1, title, slug: `khabar-${i + 1}`, imageUrl: null, category: 'Politics', publishedAt: '2026-01-01T10:00:00Z' },
}));

/** The bookmarks API: a toggle takes the article off; the list is read again without it. */
function stubApi() {
  let list = [...saved];
  vi.stubGlobal('fetch', vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      const { articleId } = JSON.parse(String(init.body)) as { articleId: number };
      list = list.filter((b) => b.articleId !== articleId);
      return new Response(JSON.stringify({ bookmarked: false }), { status: 200 });
    }
    return new Response(JSON.stringify(list), { status: 200 });
  }));
}

const removeButton = (title: string) => screen.getByRole('button', { name: `نشانک کردن «${title}»` });
const remove = async (title: string) => {
  removeButton(title).focus();
  fireEvent.click(removeButton(title));
  await waitFor(() => expect(screen.queryByRole('link', { name: title })).toBeNull());
};

describe('the bookmarks page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives focus to the next card\'s button, then the one before, then the page\'s section once the list is empty', async () => {
    stubApi();
    renderWithApp(<route.Component />, { route: '/bookmarks', data: [[[BOOKMARKS_PATH], saved]] });
    await screen.findByRole('link', { name: 'خبر دوم' });

    await remove('خبر دوم');
    await waitFor(() => expect(document.activeElement).toBe(removeButton('خبر سوم')));
    await remove('خبر سوم');
    await waitFor(() => expect(document.activeElement).toBe(removeButton('خبر یکم')));
    await remove('خبر یکم');
    await screen.findByText(/هنوز خبری را نشانک نکرده‌اید/);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('region', { name: 'خبرهای نشانک‌شده' })));
  });
});
