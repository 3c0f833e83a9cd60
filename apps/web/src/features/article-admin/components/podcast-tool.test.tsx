// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render.tsx';
import { PodcastTool } from './podcast-tool.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('podcast tool on the article page', () => {
  it('follows a run still going on the server to its end, with its progress', async () => {
    const calls: Array<{ url: string; method: string; csrf: string | null }> = [];
    let polls = 0;
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET', csrf: new Headers(init?.headers).get('x-csrf-token') });
      if (url === '/api/admin/articles/5/podcast') return json(202, { success: false, message: 'x', operationId: 9, status: 'running', result: null, detailedReport: { processed: [] } });
      polls++;
      return json(200, { status: polls < 2 ? 'running' : 'success', progress: polls < 2 ? 50 : 100, errors: [] });
    }));
    renderWithApp(<PodcastTool articleId={5} csrfToken="tok" />);
    fireEvent.click(screen.getByRole('button', { name: 'ساخت پادکست' }));
    expect(await screen.findByText(/در حال ساخت پادکست/)).toBeTruthy();
    expect(await screen.findByText(/۵۰٪/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('پادکست ساخته شد؛ صفحه تازه می‌شود', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(calls[0]).toEqual({ url: '/api/admin/articles/5/podcast', method: 'POST', csrf: 'tok' });
    expect(calls.slice(1).every((c) => c.url === '/api/admin/operations/9')).toBe(true);
  });

  it('shows why the podcast could not be made', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, {
      success: false, message: 'پادکست ساخته نشد', operationId: 3, status: 'error', result: { failed: 1 },
      detailedReport: { processed: [{ status: 'error', articleId: 5, filename: null, fileType: 'audio', reason: 'سرویس گفتار خطای 500 داد' }] },
    })));
    renderWithApp(<PodcastTool articleId={5} csrfToken="tok" />);
    fireEvent.click(screen.getByRole('button', { name: 'ساخت پادکست' }));
    expect(await screen.findByText('ساخت پادکست ناموفق بود: سرویس گفتار خطای 500 داد')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'ساخت پادکست' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
