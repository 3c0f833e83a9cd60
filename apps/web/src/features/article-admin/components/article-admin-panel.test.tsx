// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { pickOperation, stepsOf, type FollowedOperation } from '../progress-steps.ts';
import { ArticleAdminPanel } from './article-admin-panel.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const record = (over: Partial<FollowedOperation>): FollowedOperation => ({
  id: 1, name: 'fix-article-image', status: 'running', progress: 5, logs: [], errors: [], params: { scope: { ids: [5] } }, createdAt: new Date().toISOString(), ...over,
});

describe('progress steps', () => {
  it('follows the record of this article\'s run only', () => {
    const since = Date.now();
    const other = record({ id: 2, params: { scope: { ids: [6] } } });
    const old = record({ id: 3, createdAt: new Date(since - 3_600_000).toISOString() });
    const mine = record({ id: 4 });
    expect(pickOperation([other, old, mine], 'fixImage', 5, since)?.id).toBe(4);
    expect(pickOperation([mine], 'regenerate', 5, since)).toBeNull();
  });

  it('turns the server\'s log into steps: done lines completed, the newest running, errors marked', () => {
    const lines = ['2026-11-23T10:00:00.000Z خواندن پست a/1 از تلگرام', '2026-11-23T10:00:01.000Z image: a.jpg — watermarked'];
    expect(stepsOf(record({ logs: lines }), null)).toEqual([
      { label: 'خواندن پست a/1 از تلگرام', status: 'completed' },
      { label: 'image: a.jpg — watermarked', status: 'running' },
    ]);
    expect(stepsOf(record({ logs: lines, status: 'error', errors: ['2026-11-23T10:00:02.000Z پست یافت نشد'] }), null).map((s) => s.status))
      .toEqual(['completed', 'completed', 'error']);
    expect(stepsOf(null, null)).toEqual([{ label: 'در صف سرور…', status: 'running' }]);
  });
});

describe('article admin panel', () => {
  it('says the analytics are unavailable when the dashboard fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(500, { error: 'internal', message: 'x' })));
    renderWithApp(<ArticleAdminPanel articleId={5} articleTitle="خبر" csrfToken="t" />);
    expect(await screen.findByText('آمار در دسترس نیست')).toBeTruthy();
  });

  it('shows the server\'s steps as they happen, then its message', async () => {
    let answer: (r: Response) => void = () => undefined;
    let logs: string[] = [];
    const fetch = vi.fn((url: string, init?: RequestInit) => {
      if (url.startsWith('/api/analytics')) return Promise.resolve(json(500, {}));
      if (url.startsWith('/api/admin/operations')) {
        expect(url).toBe('/api/admin/operations?limit=5&name=fix-article-image');
        return Promise.resolve(json(200, { operations: [record({ logs, progress: logs.length * 40 })] }));
      }
      expect(url).toBe('/api/admin/fix-article-image/5');
      expect((init?.headers as Record<string, string>)['x-csrf-token']).toBe('csrf');
      return new Promise<Response>((resolve) => { answer = resolve; });
    });
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<ArticleAdminPanel articleId={5} articleTitle="خبر" csrfToken="csrf" />);
    fireEvent.click(screen.getByRole('button', { name: 'پردازش دوباره تصویر' }));
    const dialog = () => screen.getByRole('dialog', { name: 'پردازش دوباره تصویر', hidden: true });
    const steps = () => Array.from(dialog().querySelectorAll('li[data-status]')).map((li) => `${li.getAttribute('data-status')}:${li.textContent?.replace(/\(.*\)$/, '')}`);
    await waitFor(() => expect(steps()).toEqual(['running:آغاز کار…']));
    logs = ['2026-11-23T10:00:00.000Z خواندن پست akhbar_rooz/103 از تلگرام'];
    await waitFor(() => expect(steps()).toEqual(['running:خواندن پست akhbar_rooz/103 از تلگرام']), { timeout: 10_000 });
    logs = [...logs, '2026-11-23T10:00:01.000Z image: 0-image.jpg — watermarked and stored'];
    await waitFor(() => expect(steps()).toEqual(['completed:خواندن پست akhbar_rooz/103 از تلگرام', 'running:image: 0-image.jpg — watermarked and stored']), { timeout: 10_000 });
    expect(within(dialog()).getByRole('progressbar', { hidden: true }).getAttribute('aria-valuenow')).toBe('80');
    answer(json(202, { success: false, process: [], message: 'پردازش تصویر در حال اجراست', articleId: 5, imageUrl: null, operationId: 1 }));
    // Still running on the server (202): the record is still followed, the message says so.
    await waitFor(() => expect(within(dialog()).getByText('پردازش تصویر در حال اجراست')).toBeTruthy());
  });

  it('asks before regenerating and reports a failure with the server message', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => url.startsWith('/api/analytics')
      ? json(500, {})
      : json(400, { error: 'bad_request', message: 'این مقاله منبع تلگرامی ندارد' })));
    renderWithApp(<ArticleAdminPanel articleId={5} articleTitle="خبر" csrfToken="csrf" />);
    fireEvent.click(screen.getByRole('button', { name: 'بازسازی کامل از کانال' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'بازسازی کامل مقاله', hidden: true })).getByRole('button', { name: 'بازسازی شود', hidden: true }));
    const toast = await screen.findByText('❌ خطا در بازسازی');
    expect(toast.closest('li')!.textContent).toContain('این مقاله منبع تلگرامی ندارد');
  });
});
