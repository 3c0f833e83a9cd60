// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import '../../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { WatermarkTab } from './watermark-tab.tsx';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve() {
  const posts: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/admin/status')) return json({ authenticated: true, csrfToken: 't', user: { id: 1, username: 'admin', role: 'admin' } });
    if (url.startsWith('/api/admin/operations')) return json({ operations: [] });
    if (url.startsWith('/api/admin/media-status')) {
      return json({ images: 1, videos: 0, unmarked: 0, last24h: { total: 1, watermarked: 1 }, recent: [{ id: 3, kind: 'image', watermarked: true, articleId: 1010, createdAt: '2026-11-20T10:00:00.000Z' }] });
    }
    if (init?.method === 'POST') {
      posts.push(url);
      return json({ error: 'not_found', message: 'مقاله مورد نظر یافت نشد' }, 404);
    }
    return json({}, 404);
  }));
  return posts;
}

describe('watermark tab: one article', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names a recent medium\'s article by its id in Persian digits, without a thousands separator', async () => {
    serve();
    renderWithApp(<WatermarkTab />);
    expect(await screen.findByText('مقاله ۱۰۱۰')).toBeTruthy();
  });

  it('asks for the article number when the field is empty, without calling the server', () => {
    const posts = serve();
    renderWithApp(<WatermarkTab />);
    fireEvent.click(screen.getByRole('button', { name: 'واترمارک یک مقاله' }));
    expect(screen.getByRole('alert').textContent).toBe('لطفاً شماره مقاله را وارد کنید');
    expect(posts).toEqual([]);
  });

  it.each([
    ['واترمارک یک مقاله', '/api/admin/watermark-article/4040'],
    ['تأیید واترمارک یک مقاله', '/api/admin/verify-watermark/4040'],
    ['اصلاح نشانی ویدیوی یک مقاله', '/api/admin/fix-video-url/4040'],
  ])('shows the server\'s not-found answer to «%s» as an error toast, never a success', async (button, path) => {
    const posts = serve();
    renderWithApp(<WatermarkTab />);
    fireEvent.change(screen.getByLabelText('شماره مقاله'), { target: { value: '۴۰۴۰' } });
    fireEvent.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(posts).toEqual([path]));
    const toast = await screen.findByText('مقاله مورد نظر یافت نشد');
    expect(toast.closest('[role="alert"]')?.textContent).toContain('خطا');
    expect(screen.queryByText('موفقیت')).toBeNull();
  });
});

describe('watermark tab: headings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens with its own h2 under the page\'s h1, and no heading skips a level', async () => {
    serve();
    renderWithApp(<WatermarkTab />);
    await screen.findByText('مقاله ۱۰۱۰');
    const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
    expect(levels[0]).toBe(2);
    levels.forEach((level, i) => { if (i > 0) expect(level).toBeLessThanOrEqual(levels[i - 1]! + 1); });
  });
});
