// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SpeechTextResponse } from '@chapar/shared/contracts';
import '../../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import EditArticleDialog from './edit-dialog.tsx';

const MADE = 'نشست سران جی هفت در ژاپن برگزار شد.\nسران گروه جی هفت در توکیو دیدار کردند.';
const view = (over: Partial<SpeechTextResponse> = {}): SpeechTextResponse => ({
  articleId: 7, text: MADE, madeText: MADE, corrected: false, stale: false, updatedBy: null, updatedAt: null,
  podcastUrl: '/media/podcasts/7-aaaa.mp3', podcastCurrent: true, ...over,
});
const article = {
  id: 7, title: 'نشست سران G7', slug: 'خبر', excerpt: 'خلاصه', content: '<p>متن</p>', category: 'Politics', keywords: '', imageUrl: null, videoUrl: null,
  featured: false, metaDescription: null, source: null, telegramId: null, publishedAt: '2026-11-20T10:00:00.000Z', views: 3,
  status: 'published', isPublished: true, unpublishedReason: null, unpublishedAt: null, editedFields: [], telegramUrl: null,
};

/** The server: the article, its speech text, and a PUT that stores the correction. */
function serve() {
  let current = view();
  const calls: Array<{ method: string; url: string; body: unknown; csrf: string | null }> = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null, csrf: headers.get('x-csrf-token') });
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/admin/status')) return json({ isAuthenticated: true, csrfToken: 'csrf-1', username: 'admin' });
    if (url === '/api/admin/articles/7/speech-text') {
      if (method === 'PUT') current = view({ text: (calls.at(-1)!.body as { text: string }).text, corrected: true, updatedBy: 'admin', podcastCurrent: false });
      return json(current);
    }
    if (url.startsWith('/api/categories')) return json([]);
    if (url.startsWith('/api/admin/articles/7')) return json(article);
    return new Response('{}', { status: 404 });
  }));
  return calls;
}

describe('the admin article page\'s podcast view', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the whole speech text, saves an editor\'s correction and offers to make the podcast again', async () => {
    const calls = serve();
    renderWithApp(<EditArticleDialog articleId={7} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'پادکست' }));
    const box = await screen.findByRole('textbox', { name: 'متن خواندنی' });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(MADE));
    expect(screen.getByText('پادکست کنونی همین متن را می‌خواند.')).toBeTruthy();
    const remake = screen.getByRole('button', { name: 'ساخت دوباره پادکست' }) as HTMLButtonElement;
    expect(remake.disabled).toBe(false);

    fireEvent.change(box, { target: { value: 'نشست سران گروه هفت در ژاپن برگزار شد.' } });
    // Unsaved: the podcast cannot be made from text that is not stored yet.
    expect(remake.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'ذخیره اصلاح' }));
    await screen.findByText('اصلاح‌شده به دست admin');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put).toMatchObject({ url: '/api/admin/articles/7/speech-text', body: { text: 'نشست سران گروه هفت در ژاپن برگزار شد.' }, csrf: 'csrf-1' });
    expect(screen.getByRole('button', { name: 'بازگشت به متن خبر' })).toBeTruthy();
    expect(screen.getByText('پادکست کنونی متن دیگری را می‌خواند؛ آن را دوباره بسازید.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'ساخت دوباره پادکست' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
