// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { renderWithApp } from '../../../testing/render.tsx';
import { BOOKMARKS_PATH } from '../api.ts';
import { BOOKMARK_MESSAGES, BookmarkButton } from './bookmark-button.tsx';

const ARTICLE = 7;
const saved = { articleId: ARTICLE, createdAt: '2026-11-20T10:00:00.000Z', article: { id: ARTICLE, slug: 'khabar-7', title: 'خبر ۷' } };

/** The bookmarks API after one toggle: POST answers bookmarked, the list then holds the article. */
function stubApi() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/analytics/track') return new Response(null, { status: 204 });
    if (init?.method === 'POST') return new Response(JSON.stringify({ bookmarked: true }), { status: 200 });
    return new Response(JSON.stringify([saved]), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const toggles = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === BOOKMARKS_PATH && init?.method === 'POST');
const render = () => renderWithApp(<><BookmarkButton articleId={ARTICLE} /><BookmarkButton articleId={ARTICLE} variant="pill" /></>, { data: [[[BOOKMARKS_PATH], []]] });

describe('BookmarkButton', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.unstubAllGlobals();
  });

  it('offline: says at once that the bookmark waits for the connection, shows both buttons pending, sends nothing; back online: sends once and says it is added', async () => {
    const fetchMock = stubApi();
    onlineManager.setOnline(false);
    render();
    const [icon, pill] = screen.getAllByRole('button', { name: 'نشانک کردن این خبر' });
    fireEvent.click(icon!);

    expect(await screen.findByText(BOOKMARK_MESSAGES.waitingAdd)).toBeTruthy();
    expect(screen.getByText(BOOKMARK_MESSAGES.keepOpen)).toBeTruthy();
    for (const button of [icon!, pill!]) {
      expect(button.getAttribute('data-state')).toBe('pending');
      expect(button.getAttribute('aria-busy')).toBe('true');
      expect(button.getAttribute('aria-pressed')).toBe('false');
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
    expect(icon!.getAttribute('title')).toBe(BOOKMARK_MESSAGES.waiting);
    expect(pill!.textContent).toContain(BOOKMARK_MESSAGES.waiting);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText(BOOKMARK_MESSAGES.added)).toBeNull();

    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText(BOOKMARK_MESSAGES.added)).toBeTruthy();
    expect(toggles(fetchMock)).toHaveLength(1);
    expect(JSON.parse(String(toggles(fetchMock)[0]![1]?.body))).toMatchObject({ articleId: ARTICLE });
    await waitFor(() => expect(icon!.getAttribute('aria-pressed')).toBe('true'));
    expect(pill!.getAttribute('aria-pressed')).toBe('true');
    expect(icon!.getAttribute('aria-busy')).toBeNull();
    expect(icon!.getAttribute('data-state')).toBe('on');
    expect(pill!.textContent).not.toContain(BOOKMARK_MESSAGES.waiting);
  });

  it('offline removal says the bookmark will be removed', async () => {
    stubApi();
    onlineManager.setOnline(false);
    renderWithApp(<BookmarkButton articleId={ARTICLE} />, { data: [[[BOOKMARKS_PATH], [saved]]] });
    await waitFor(() => expect(screen.getByRole('button').getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByText(BOOKMARK_MESSAGES.waitingRemove)).toBeTruthy();
  });

  it('online: sends at once with no waiting message', async () => {
    const fetchMock = stubApi();
    render();
    fireEvent.click(screen.getAllByRole('button')[0]!);
    expect(await screen.findByText(BOOKMARK_MESSAGES.added)).toBeTruthy();
    expect(screen.queryByText(BOOKMARK_MESSAGES.waitingAdd)).toBeNull();
    expect(toggles(fetchMock)).toHaveLength(1);
  });
});
