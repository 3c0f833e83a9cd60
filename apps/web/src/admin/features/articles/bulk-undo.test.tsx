// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import '../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { useBulkArticles } from './api.ts';

const STATUS = { isAuthenticated: true, username: 'admin', csrfToken: 't', role: 'admin', permissions: ['view', 'articles'], twoFactorSetupRequired: false, trashRetentionDays: 30 };

/** The bulk bar's call, reduced to one button. */
function Unpublish() {
  const bulk = useBulkArticles(() => undefined);
  return <button type="button" onClick={() => bulk.mutate({ action: 'unpublish', articleIds: [7, 8, 9] })}>لغو انتشار</button>;
}

describe('the toast after a bulk unpublish', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers «بازگرداندن», which publishes again exactly the articles it took down', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (String(input).startsWith('/api/admin/status')) return json(STATUS);
      const body = JSON.parse(String(init?.body)) as { action: string; articleIds: number[] };
      sent.push(body);
      // 9 was down already: only 7 and 8 changed.
      return body.action === 'unpublish'
        ? json({ success: true, message: '۲ مقاله از انتشار خارج شد؛ ۱ مقالهٔ دیگر از پیش منتشرنشده بود', changedIds: [7, 8] })
        : json({ success: true, message: '۲ مقاله منتشر شد', changedIds: [7, 8] });
    }));
    renderWithApp(<Unpublish />);
    fireEvent.click(screen.getByRole('button', { name: 'لغو انتشار' }));
    fireEvent.click(await screen.findByRole('button', { name: 'بازگرداندن' }));
    await screen.findByText('۲ مقاله منتشر شد');
    expect(sent).toEqual([{ action: 'unpublish', articleIds: [7, 8, 9] }, { action: 'publish', articleIds: [7, 8] }]);
    // The undo's own toast offers no undo of the undo.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'بازگرداندن' })).toBeNull());
  });
});
