// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { Article } from '@chapar/shared/contracts';
import { articleQuery, toDisplayArticle } from '../../features/article/api.ts';
import { pathOfRead } from '@chapar/shared/page-reads';
import { ApiError, setTransport } from '../../lib/api-client.ts';
import { createQueryClient } from '../query-client.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { route } from './article.tsx';

const LEAD = 'بانک مرکزی نرخ سود سپرده‌ها را ثابت نگه داشت. این تصمیم از شنبه اجرا می‌شود.';
const article = (excerpt: string): Article => ({
  id: 7, slug: 'خبر-7', title: 'نرخ سود سپرده‌ها ثابت ماند', excerpt, content: `<p>${LEAD}</p><p>کارشناسان واکنش نشان دادند.</p>`,
  metaDescription: null, imageUrl: null, imageAltText: null, videoUrl: null, videoPosterUrl: null, videoDuration: null, videoAltText: null,
  podcastUrl: null, podcastVoice: null, podcastDuration: null, category: 'Economy', keywords: 'بانک مرکزی', views: 3,
  publishedAt: new Date().toISOString(), updatedAt: new Date().toISOString(), telegramId: null, source: null, readingTime: 1,
} as unknown as Article);

/** The page as the browser renders it from the state the server embedded. */
async function renderPage(excerpt: string) {
  const queryClient = createQueryClient();
  // Every other read (related, comments, admin status) answers 404: the page does not need them.
  setTransport(queryClient, (read) => Promise.reject(new ApiError(404, pathOfRead(read), null)));
  renderWithApp(<route.Component />, { route: '/article/خبر-7', queryClient, data: [[articleQuery(7).queryKey, toDisplayArticle(article(excerpt))]] });
  await act(() => new Promise((r) => setTimeout(r, 20)));
  return screen.getByRole('article');
}

describe('the article page in the browser', () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', class { observe() {} disconnect() {} unobserve() {} takeRecords() { return []; } }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows an excerpt equal to the first paragraph once', async () => {
    const page = await renderPage(LEAD.replace(/ی/g, 'ي'));
    expect(page.textContent!.split(LEAD).length - 1).toBe(1);
    expect(page.textContent).not.toContain('ثابت نگه داشت. اين');
  });

  it('shows an excerpt of its own above the body', async () => {
    const page = await renderPage('نرخ سود بانکی تا پایان زمستان تغییر نمی‌کند.');
    expect(page.textContent).toContain('نرخ سود بانکی تا پایان زمستان تغییر نمی‌کند.');
    expect(page.textContent!.split(LEAD).length - 1).toBe(1);
  });
});
