// @vitest-environment jsdom
// A comment approved by mistake can be taken back: from the approval's own toast, or later from its row.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { AdminComment } from '@chapar/shared/contracts';
import '../../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { CommentItem } from './comment-item.tsx';

const STATUS = { isAuthenticated: true, username: 'admin', csrfToken: 't', role: 'admin', permissions: ['view', 'comments'], twoFactorSetupRequired: false, trashRetentionDays: 30 };
const comment = (isApproved: boolean): AdminComment => ({
  id: 41, author: 'مینا', email: null, content: 'نظری دربارهٔ خبر', articleId: 7, articleTitle: 'خبر آزمایشی', parentId: null, isApproved, createdAt: '2026-12-01T08:00:00.000Z', replies: [],
});

function serve() {
  const sent: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    const url = String(input);
    if (url.startsWith('/api/admin/status')) return json(STATUS);
    sent.push(`${init?.method} ${url}`);
    return url.endsWith('/unapprove')
      ? json({ success: true, affected: 1, message: 'تأیید نظر برداشته شد؛ نظر تا تأیید دوباره روی سایت دیده نمی‌شود' })
      : json({ success: true, affected: 1, message: 'نظر تأیید شد' });
  }));
  return sent;
}

const item = (isApproved: boolean) => <ul><CommentItem comment={comment(isApproved)} selected={new Set()} onToggle={() => undefined} onDelete={() => undefined} /></ul>;

describe('taking back a comment\'s approval', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the approval\'s toast offers «بازگرداندن», which takes that approval back', async () => {
    const sent = serve();
    renderWithApp(item(false));
    fireEvent.click(screen.getByRole('button', { name: 'تأیید نظر مینا' }));
    await screen.findByText('نظر تأیید شد');
    fireEvent.click(await screen.findByRole('button', { name: 'بازگرداندن' }));
    await screen.findByText('تأیید نظر برداشته شد؛ نظر تا تأیید دوباره روی سایت دیده نمی‌شود');
    expect(sent).toEqual(['POST /api/admin/comments/41/approve', 'POST /api/admin/comments/41/unapprove']);
  });

  it('offers no «بازگرداندن» when the comment was approved already (by another moderator meanwhile)', async () => {
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      return String(input).startsWith('/api/admin/status') ? json(STATUS) : json({ success: true, affected: 0, message: 'این نظر از پیش تأیید شده بود' });
    }));
    renderWithApp(item(false));
    fireEvent.click(screen.getByRole('button', { name: 'تأیید نظر مینا' }));
    await screen.findByText('این نظر از پیش تأیید شده بود');
    expect(screen.queryByRole('button', { name: 'بازگرداندن' })).toBeNull();
  });

  it('an approved comment\'s row has «برداشتن تأیید» in place of «تأیید»', async () => {
    const sent = serve();
    renderWithApp(item(true));
    expect(screen.queryByRole('button', { name: 'تأیید نظر مینا' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'برداشتن تأیید نظر مینا' }));
    await screen.findByText('تأیید نظر برداشته شد؛ نظر تا تأیید دوباره روی سایت دیده نمی‌شود');
    expect(sent).toEqual(['POST /api/admin/comments/41/unapprove']);
  });
});

describe('a comment\'s text', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads in its own direction: a comment in English left to right, its link isolated', () => {
    serve();
    const english = { ...comment(false), content: 'Great article! see https://example.com/more' };
    const { container } = renderWithApp(<ul><CommentItem comment={english} selected={new Set()} onToggle={() => undefined} onDelete={() => undefined} /></ul>);
    const text = [...container.querySelectorAll('p')].find((p) => p.textContent!.startsWith('Great'))!;
    expect(text.getAttribute('dir')).toBe('auto');
    expect(text.textContent).toBe('Great article! see \u2066https://example.com/more\u2069');
  });
});
