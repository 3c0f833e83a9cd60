// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { renderWithApp } from '../../../testing/render.tsx';
import { ratingPath } from '../api.ts';
import { RATING_MESSAGES, StarRating } from './star-rating.tsx';

const ARTICLE = 7;
const seeded = { averageRating: 3, totalRatings: 2, userRating: null };

/** The rating API: POST answers the new summary; `fail` makes it a 500. */
function stubApi({ fail = false } = {}) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if (fail) return new Response(JSON.stringify({ error: 'internal', message: 'خطا' }), { status: 500 });
    const { rating } = JSON.parse(String(init?.body)) as { rating: number };
    return new Response(JSON.stringify({ averageRating: 3.3, totalRatings: 3, userRating: rating }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const posts = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
const star = (n: string) => screen.getByRole('button', { name: `${n} ستاره` });
const render = () => renderWithApp(<StarRating articleId={ARTICLE} />, { data: [[[ratingPath(ARTICLE)], seeded]] });

describe('StarRating', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.unstubAllGlobals();
  });

  it('offline: says at once that the rating waits for the connection, shows it pending, sends nothing; back online: sends it once and says it is recorded', async () => {
    const fetchMock = stubApi();
    onlineManager.setOnline(false);
    render();
    fireEvent.click(star('۴'));

    expect(await screen.findByText(RATING_MESSAGES.waiting)).toBeTruthy();
    expect(screen.getByText(`۴ از ۵ ستاره؛ ${RATING_MESSAGES.keepOpen}`)).toBeTruthy();
    expect(screen.getByRole('group').getAttribute('aria-busy')).toBe('true');
    expect(star('۴').getAttribute('data-state')).toBe('pending');
    // Pending, not recorded: no star is pressed yet.
    expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
    expect(screen.getByText(RATING_MESSAGES.pending)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText(RATING_MESSAGES.saved)).toBeNull();

    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText(RATING_MESSAGES.saved)).toBeTruthy();
    expect(screen.getByText('۴ از ۵ ستاره')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(1);
    const [url, init] = posts(fetchMock)[0]!;
    expect(url).toBe(ratingPath(ARTICLE));
    expect(JSON.parse(String(init?.body))).toMatchObject({ rating: 4 });
    await waitFor(() => expect(star('۴').getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('group').getAttribute('aria-busy')).toBeNull();
    expect(screen.queryByText(RATING_MESSAGES.pending)).toBeNull();
  });

  it('back online, a failed request says so once, without retrying, and leaves the stars unrated', async () => {
    const fetchMock = stubApi({ fail: true });
    onlineManager.setOnline(false);
    render();
    fireEvent.click(star('۲'));
    await screen.findByText(RATING_MESSAGES.waiting);

    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText(RATING_MESSAGES.failed)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(posts(fetchMock)).toHaveLength(1);
    expect(star('۲').getAttribute('data-state')).toBeNull();
    expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
  });

  it('online: sends at once with no waiting message', async () => {
    const fetchMock = stubApi();
    render();
    fireEvent.click(star('۵'));
    expect(await screen.findByText(RATING_MESSAGES.saved)).toBeTruthy();
    expect(screen.queryByText(RATING_MESSAGES.waiting)).toBeNull();
    expect(posts(fetchMock)).toHaveLength(1);
  });

  it('while a rating is sent, the pressed star keeps focus: marked aria-disabled, not disabled, and a second press sends nothing', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => { answer = resolve; }));
    vi.stubGlobal('fetch', fetchMock);
    render();
    star('۳').focus();
    fireEvent.click(star('۳'));
    await waitFor(() => expect(star('۳').getAttribute('aria-disabled')).toBe('true'));
    expect(star('۳').hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(star('۳'));
    fireEvent.click(star('۵'));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    answer(new Response(JSON.stringify({ averageRating: 3, totalRatings: 3, userRating: 3 }), { status: 200 }));
    await waitFor(() => expect(star('۳').getAttribute('aria-pressed')).toBe('true'));
    expect(star('۳').hasAttribute('aria-disabled')).toBe(false);
    expect(document.activeElement).toBe(star('۳'));
  });
});
