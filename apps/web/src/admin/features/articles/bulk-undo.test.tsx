// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import '../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { useBulkArticles, type BulkAction } from './api.ts';

const STATUS = { isAuthenticated: true, username: 'admin', csrfToken: 't', role: 'admin', permissions: ['view', 'articles'], twoFactorSetupRequired: false, trashRetentionDays: 30 };

/** The bulk bar's call, reduced to one button. */
function Bulk({ action }: { action: BulkAction }) {
  const bulk = useBulkArticles(() => undefined);
  return <button type="button" onClick={() => bulk.mutate({ action, articleIds: [7, 8, 9] })}>اجرا</button>;
}

/** The server, as far as these calls go: what each request sent, and its answer. */
function serve(answers: Record<string, unknown>) {
  const sent: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    const url = String(input);
    if (url.startsWith('/api/admin/status')) return json(STATUS);
    const body = init?.body ? JSON.parse(String(init.body)) as { action?: string } : null;
    sent.push({ url, body });
    return json(answers[body?.action ?? url]);
  }));
  return sent;
}

describe('the toast after a bulk action', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('after an unpublish offers «بازگرداندن», which undoes its operation: each article back as it was', async () => {
    const sent = serve({
      // 9 was down already: only 7 and 8 changed.
      unpublish: { success: true, message: '۲ مقاله از انتشار خارج شد؛ ۱ مقالهٔ دیگر از پیش منتشرنشده بود', changedIds: [7, 8], operationId: 12 },
      '/api/admin/operations/12/undo': { success: true, message: '۲ مقاله به حالت پیش از عملیات بازگردانده شد', restored: 2, skipped: [] },
    });
    renderWithApp(<Bulk action="unpublish" />);
    fireEvent.click(screen.getByRole('button', { name: 'اجرا' }));
    fireEvent.click(await screen.findByRole('button', { name: 'بازگرداندن' }));
    await screen.findByText('۲ مقاله به حالت پیش از عملیات بازگردانده شد');
    expect(sent).toEqual([
      { url: '/api/admin/articles/bulk', body: { action: 'unpublish', articleIds: [7, 8, 9] } },
      { url: '/api/admin/operations/12/undo', body: null },
    ]);
    // The undo's own toast offers no undo of the undo.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'بازگرداندن' })).toBeNull());
  });

  it('after a feature offers «بازگرداندن», which makes exactly the articles it changed ordinary again', async () => {
    const sent = serve({
      feature: { success: true, message: '۲ مقاله ویژه شد؛ ۱ مقالهٔ دیگر از پیش ویژه بود', changedIds: [7, 9] },
      unfeature: { success: true, message: '۲ مقاله عادی شد', changedIds: [7, 9] },
    });
    renderWithApp(<Bulk action="feature" />);
    fireEvent.click(screen.getByRole('button', { name: 'اجرا' }));
    fireEvent.click(await screen.findByRole('button', { name: 'بازگرداندن' }));
    await screen.findByText('۲ مقاله عادی شد');
    expect(sent.map((request) => request.body)).toEqual([{ action: 'feature', articleIds: [7, 8, 9] }, { action: 'unfeature', articleIds: [7, 9] }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'بازگرداندن' })).toBeNull());
  });
});
