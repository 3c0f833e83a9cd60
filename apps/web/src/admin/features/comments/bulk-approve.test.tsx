// @vitest-environment jsdom
// A bulk approve's toast can take back the approvals that click made, and only those.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import '../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { useBulkComments } from './api.ts';

const STATUS = { isAuthenticated: true, username: 'admin', csrfToken: 't', role: 'admin', permissions: ['view', 'comments'], twoFactorSetupRequired: false, trashRetentionDays: 30 };

function serve(approveAnswer: unknown) {
  const sent: Array<{ method?: string; body: unknown }> = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (String(input).startsWith('/api/admin/status')) return json(STATUS);
    const body = JSON.parse(String(init?.body)) as { action: string };
    sent.push({ method: init?.method, body });
    return body.action === 'unapprove'
      ? json({ success: true, affected: 2, changedIds: [5, 6], message: 'تأیید ۲ نظر برداشته شد؛ تا تأیید دوباره روی سایت دیده نمی‌شوند' })
      : json(approveAnswer);
  }));
  return sent;
}

function BulkApprove() {
  const bulk = useBulkComments(() => undefined);
  return <button type="button" onClick={() => bulk.mutate({ action: 'approve', commentIds: [5, 6, 7] })}>تأیید گروهی</button>;
}

describe('bulk approve of comments', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('«بازگرداندن» in its toast takes back the approvals it made, not the comment approved before', async () => {
    const sent = serve({ success: true, affected: 2, changedIds: [5, 6], message: '۲ نظر تأیید شد؛ ۱ نظر دیگر از پیش تأیید شده بود' });
    renderWithApp(<BulkApprove />);
    fireEvent.click(screen.getByRole('button', { name: 'تأیید گروهی' }));
    await screen.findByText('۲ نظر تأیید شد؛ ۱ نظر دیگر از پیش تأیید شده بود');
    fireEvent.click(await screen.findByRole('button', { name: 'بازگرداندن' }));
    await screen.findByText('تأیید ۲ نظر برداشته شد؛ تا تأیید دوباره روی سایت دیده نمی‌شوند');
    expect(sent).toEqual([
      { method: 'POST', body: { action: 'approve', commentIds: [5, 6, 7] } },
      { method: 'POST', body: { action: 'unapprove', commentIds: [5, 6] } },
    ]);
  });

  it('offers no «بازگرداندن» when it changed nothing', async () => {
    serve({ success: true, affected: 0, changedIds: [], message: 'هیچ نظری تغییر نکرد؛ هر ۳ نظر از پیش تأیید شده بودند' });
    renderWithApp(<BulkApprove />);
    fireEvent.click(screen.getByRole('button', { name: 'تأیید گروهی' }));
    await screen.findByText('هیچ نظری تغییر نکرد؛ هر ۳ نظر از پیش تأیید شده بودند');
    expect(screen.queryByRole('button', { name: 'بازگرداندن' })).toBeNull();
  });
});
