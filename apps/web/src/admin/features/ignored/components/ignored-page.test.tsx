// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { IgnoredPage } from './ignored-page.tsx';

const base = { content: 'متن پست', category: null, dateFound: '2026-11-20T10:00:00.000Z', reviewedBy: null, shouldProcess: false, duplicateOf: null };
// The same message id on two channels, one a duplicate of article 51, and a reason the pipeline wrote with Latin digits.
const POSTS = [
  { ...base, id: 1, telegramId: 1010, source: 'akhbar_rooz', url: 'https://t.me/akhbar_rooz/1010', reason: 'too_short' },
  { ...base, id: 2, telegramId: 1010, source: 'taze_khabar', url: 'https://t.me/taze_khabar/1010', reason: 'duplicate', duplicateOf: 51 },
  { ...base, id: 3, telegramId: 77, source: 'taze_khabar', url: 'https://t.me/taze_khabar/77', reason: 'تکراری مقالهٔ 54' },
  // An advert naming a handle inside a Persian sentence, and a post in English.
  { ...base, id: 4, telegramId: 88, source: 'taze_khabar', url: 'https://t.me/taze_khabar/88', reason: 'advertisement', content: 'برای تخفیف به کانال بپیوندید @shop_channel و سفارش دهید' },
  { ...base, id: 5, telegramId: 89, source: 'taze_khabar', url: 'https://t.me/taze_khabar/89', reason: 'not_persian', content: 'Breaking: see https://example.com/news for more' },
];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(activeChannels?: number) {
  const posts: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/admin/status')) {
      return json({ authenticated: true, csrfToken: 't', user: { id: 1, username: 'admin', role: 'admin' }, ...(activeChannels === undefined ? {} : { permissions: ['view', 'ignored'] }) });
    }
    if (url.startsWith('/api/admin/auto-monitor/status')) return json({ isMonitoring: true, activeChannels, nextCheck: null, intervalMinutes: 10, lastResults: { newPosts: 0, processedPosts: 0, lastCheck: null, success: true, errors: [] } });
    if (init?.method === 'POST') {
      posts.push(url);
      return json({ success: true, message: 'پست به مقاله ۹۰ تبدیل شد', articleId: 90, operationId: 1 });
    }
    if (url.startsWith('/api/admin/ignored-posts')) return json({ posts: POSTS, stats: { total: 3, reviewed: 0, toProcess: 0 } });
    return json({}, 404);
  }));
  return posts;
}

const row = (id: number) => document.querySelector(`tr[data-ignored-id="${id}"]`) as HTMLElement;

describe('the ignored posts page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells the channels apart, keeps the duplicate\'s article and shows Persian ids and digits', async () => {
    serve();
    renderWithApp(<IgnoredPage />);
    await screen.findByText('@akhbar_rooz');
    expect(screen.getByRole('columnheader', { name: 'کانال' })).toBeTruthy();
    const channel = within(row(2)).getByText('@taze_khabar');
    expect(channel.localName).toBe('bdi');
    expect(channel.getAttribute('dir')).toBe('ltr');
    // Ids are names: Persian digits, no thousands separator.
    expect(within(row(1)).getByRole('link', { name: /در تلگرام/ }).textContent).toBe('۱۰۱۰');
    expect(row(1).textContent).not.toMatch(/[0-9]|٬/);
    const repeats = within(row(2)).getByRole('link', { name: 'تکرار مقالهٔ ۵۱' });
    expect(repeats.getAttribute('href')).toBe('/article/51');
    expect(within(row(3)).getByText('تکراری مقالهٔ ۵۴')).toBeTruthy();
  });

  it('shows a post\'s content in its own direction, a handle in it not mirrored', async () => {
    serve();
    renderWithApp(<IgnoredPage />);
    await screen.findByText('@akhbar_rooz');
    const content = (id: number) => row(id).querySelector('td[data-label="محتوا"] > [dir]') as HTMLElement;
    expect(content(4).getAttribute('dir')).toBe('auto');
    // The handle isolated (LRI … PDI), so the sentence's right-to-left order does not turn it into 'shop_channel@'.
    expect(content(4).textContent).toBe('برای تخفیف به کانال بپیوندید \u2066@shop_channel\u2069 و سفارش دهید');
    expect(content(5).getAttribute('dir')).toBe('auto');
    expect(content(5).textContent).toBe('Breaking: see \u2066https://example.com/news\u2069 for more');
  });

  it('asks before processing a duplicate, naming the article it repeats with a link', async () => {
    const posts = serve();
    renderWithApp(<IgnoredPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'پردازش پست ۱۰۱۰ از @taze_khabar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('این پست تکرار مقالهٔ ۵۱ است');
    expect(within(dialog).getByRole('link', { name: 'مقالهٔ ۵۱' }).getAttribute('href')).toBe('/article/51');
    expect(posts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'با این حال پردازش شود' }));
    await waitFor(() => expect(posts).toEqual(['/api/admin/ignored-posts/2/process']));
  });

  it('with no active channel the sample button is off and says why, with the way to the channels', async () => {
    const posts = serve(0);
    renderWithApp(<IgnoredPage />);
    const button = screen.getByRole('button', { name: 'ثبت پست‌های نمونه' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    const why = document.getElementById(button.getAttribute('aria-describedby')!)!;
    expect(why.textContent).toContain('هیچ کانال فعالی نیست');
    expect(within(why).getByRole('link', { name: 'کانال‌ها' }).getAttribute('href')).toBe('/admin?tab=channels');
    fireEvent.click(button);
    expect(posts).toEqual([]);
  });

  it('with an active channel the sample button works', async () => {
    const posts = serve(1);
    renderWithApp(<IgnoredPage />);
    await screen.findByText('@akhbar_rooz');
    const button = screen.getByRole('button', { name: 'ثبت پست‌های نمونه' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.hasAttribute('aria-describedby')).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(posts).toEqual(['/api/admin/ignored-posts/init-sample']));
  });

  it('processes a post left out for another reason at once', async () => {
    const posts = serve();
    renderWithApp(<IgnoredPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'پردازش پست ۱۰۱۰ از @akhbar_rooz' }));
    await waitFor(() => expect(posts).toEqual(['/api/admin/ignored-posts/1/process']));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
