// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render.tsx';
import { stepStatus, TOOL_STEPS } from '../progress-steps.ts';
import { ArticleAdminPanel } from './article-admin-panel.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// jsdom has no <dialog> methods.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) { this.setAttribute('open', ''); };
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) { this.removeAttribute('open'); };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('progress steps', () => {
  it('completes the steps before the current one, runs it, and completes all once the server is done', () => {
    expect([0, 1, 2].map((i) => stepStatus(i, 1, false))).toEqual(['completed', 'running', 'pending']);
    expect([0, 1, 2].map((i) => stepStatus(i, 1, true))).toEqual(['completed', 'completed', 'completed']);
    expect(TOOL_STEPS.regenerate).toHaveLength(7);
    expect(TOOL_STEPS.fixImage).toHaveLength(6);
    for (const step of [...TOOL_STEPS.regenerate, ...TOOL_STEPS.fixImage]) expect(step.ms).toBeGreaterThanOrEqual(1500);
    for (const step of [...TOOL_STEPS.regenerate, ...TOOL_STEPS.fixImage]) expect(step.ms).toBeLessThanOrEqual(4000);
  });
});

describe('article admin panel', () => {
  it('says the analytics are unavailable when the dashboard fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(500, { error: 'internal', message: 'x' })));
    renderWithApp(<ArticleAdminPanel articleId={5} articleTitle="خبر" csrfToken="t" />);
    expect(await screen.findByText('آمار در دسترس نیست')).toBeTruthy();
  });

  it('paces the image steps while the server works, and shows its message', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetch = vi.fn((url: string, init?: RequestInit) => {
      if (url.startsWith('/api/analytics')) return Promise.resolve(json(500, {}));
      expect(url).toBe('/api/admin/fix-article-image/5');
      expect((init?.headers as Record<string, string>)['x-csrf-token']).toBe('csrf');
      return new Promise<Response>((resolve) => { answer = resolve; });
    });
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<ArticleAdminPanel articleId={5} articleTitle="خبر" csrfToken="csrf" />);
    fireEvent.click(screen.getByRole('button', { name: 'پردازش دوباره تصویر' }));
    const dialog = () => screen.getByRole('dialog', { name: 'پردازش دوباره تصویر', hidden: true });
    const statuses = () => Array.from(dialog().querySelectorAll('li[data-status]')).map((li) => li.getAttribute('data-status'));
    expect(statuses()).toEqual(['running', 'pending', 'pending', 'pending', 'pending', 'pending']);
    // The first step lasts 1.5 s.
    await waitFor(() => expect(statuses().slice(0, 2)).toEqual(['completed', 'running']), { timeout: 2500 });
    answer(json(202, { success: false, process: ['دریافت پست'], message: 'پردازش تصویر در حال اجراست', articleId: 5, imageUrl: null, operationId: 1 }));
    // Still running on the server (202): the steps go on, the message says so.
    await waitFor(() => expect(within(dialog()).getByText('پردازش تصویر در حال اجراست')).toBeTruthy());
    expect(statuses().slice(0, 2)).toEqual(['completed', 'running']);
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
