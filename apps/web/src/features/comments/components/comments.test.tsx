// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Comment } from '@chapar/shared/contracts';
import { renderWithApp } from '../../../testing/render.tsx';
import { CommentsSection } from './comments-section.tsx';

const comment = (id: number, authorName: string, replies: Comment[] = [], parentId: number | null = null): Comment => ({
  id, authorName, content: `متن ${authorName}`, authorEmail: null, parentId, createdAt: new Date().toISOString(), isApproved: true, replies,
});

const thread = { comments: [comment(1, 'مریم', [comment(2, 'علی', [comment(3, 'سارا', [], 2)], 1)])] };

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('comments', () => {
  it('offers a reply at depths 0 and 1 only, with the limit note at depth 2, and an approved badge', () => {
    renderWithApp(<CommentsSection articleId={7} />, { data: [[['/api/articles/7/comments'], thread]] });
    expect(screen.getByRole('heading', { name: 'نظرات (۳)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'پاسخ به مریم' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'پاسخ به علی' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'پاسخ به سارا' })).toBeNull();
    const deepest = screen.getByRole('article', { name: 'نظر سارا' });
    expect(deepest.textContent).toContain('حداکثر ۳ سطح پاسخ مجاز است');
    expect(screen.getAllByText('تأیید شده')).toHaveLength(3);
  });

  it('counts the characters of the text and says when the box has reached its limit', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { token: 't1', question: '۲ + ۳ = ؟', expiresAt: new Date(Date.now() + 600_000).toISOString() })));
    renderWithApp(<CommentsSection articleId={7} />, { data: [[['/api/articles/7/comments'], thread]] });
    fireEvent.click(screen.getByRole('button', { name: 'پاسخ به علی' }));
    await screen.findByRole('form', { name: 'پاسخ به علی' });
    const text = screen.getByLabelText(/^متن نظر/) as HTMLTextAreaElement;
    expect(text.maxLength).toBe(2000);
    expect(document.getElementById(text.getAttribute('aria-describedby')!)?.textContent).toBe('۰ از ۲٬۰۰۰ نویسه');
    fireEvent.change(text, { target: { value: 'سلام' } });
    expect(document.getElementById(text.getAttribute('aria-describedby')!)?.textContent).toBe('۴ از ۲٬۰۰۰ نویسه');
    fireEvent.change(text, { target: { value: 'م'.repeat(2000) } });
    expect(document.getElementById(text.getAttribute('aria-describedby')!)?.textContent).toBe('به سقف ۲٬۰۰۰ نویسه رسیدید');
  });

  it('validates, then shows the fresh captcha that comes with a wrong answer', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/comments/captcha') return json(200, { token: 't1', question: '۲ + ۳ = ؟', expiresAt: new Date(Date.now() + 600_000).toISOString() });
      expect(JSON.parse(String(init?.body))).toMatchObject({ authorName: 'مریم', content: 'سلام', captchaAnswer: '4', captchaToken: 't1', parentId: 2, website: '' });
      return json(400, { error: 'captcha_invalid', message: 'کد امنیتی اشتباه است', captcha: { token: 't2', question: '۴ + ۴ = ؟', expiresAt: new Date().toISOString() } });
    });
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<CommentsSection articleId={7} />, { data: [[['/api/articles/7/comments'], thread]] });
    fireEvent.click(screen.getByRole('button', { name: 'پاسخ به علی' }));
    const form = await screen.findByRole('form', { name: 'پاسخ به علی' });
    await screen.findByText('۲ + ۳ = ؟');

    fireEvent.submit(form);
    expect(screen.getByRole('alert').textContent).toContain('لطفاً نام و متن نظر را وارد کنید');
    fireEvent.change(screen.getByLabelText(/^نام/), { target: { value: 'مریم' } });
    fireEvent.change(screen.getByLabelText(/^متن نظر/), { target: { value: 'سلام' } });
    fireEvent.submit(form);
    expect(screen.getByRole('alert').textContent).toContain('کد امنیتی الزامی است');

    fireEvent.change(screen.getByLabelText(/^کد امنیتی/), { target: { value: '4' } });
    await act(async () => { fireEvent.submit(form); });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('کد امنیتی اشتباه است'));
    expect(screen.getByText('۴ + ۴ = ؟')).toBeTruthy();
    expect((screen.getByLabelText(/^کد امنیتی/) as HTMLInputElement).value).toBe('');
  });

  it('ties each empty required field to its own message, marks it invalid and focuses the first', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { token: 't1', question: '۲ + ۳ = ؟', expiresAt: new Date(Date.now() + 600_000).toISOString() })));
    renderWithApp(<CommentsSection articleId={7} />, { data: [[['/api/articles/7/comments'], thread]] });
    fireEvent.click(screen.getByRole('button', { name: 'پاسخ به علی' }));
    const form = await screen.findByRole('form', { name: 'پاسخ به علی' });
    await screen.findByText('۲ + ۳ = ؟');
    const name = screen.getByLabelText(/^نام/);
    const text = screen.getByLabelText(/^متن نظر/);
    const captcha = screen.getByLabelText(/^کد امنیتی/);
    const describedBy = (field: HTMLElement) => (field.getAttribute('aria-describedby') ?? '').split(' ').map((ref) => document.getElementById(ref)?.textContent);

    fireEvent.submit(form);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(name)).toEqual(['نام را وارد کنید']);
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(text)).toEqual(['متن نظر را وارد کنید', '۰ از ۲٬۰۰۰ نویسه']);
    expect(document.activeElement).toBe(name);

    fireEvent.change(name, { target: { value: 'مریم' } });
    expect(name.hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByText('نام را وارد کنید')).toBeNull();
    fireEvent.submit(form);
    expect(document.activeElement).toBe(text);
    expect(text.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(text, { target: { value: 'سلام' } });
    fireEvent.submit(form);
    expect(captcha.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(captcha)).toEqual(['کد امنیتی الزامی است']);
    expect(document.activeElement).toBe(captcha);
  });

  it('closes and clears the form after a comment is sent', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => url === '/api/comments/captcha'
      ? json(200, { token: 't1', question: '۱ + ۱ = ؟', expiresAt: new Date().toISOString() })
      : json(201, { success: true, message: 'نظر شما پس از بررسی منتشر خواهد شد', comment: comment(9, 'مریم') })));
    renderWithApp(<CommentsSection articleId={7} />, { data: [[['/api/articles/7/comments'], { comments: [] }]] });
    fireEvent.click(screen.getByRole('button', { name: 'نوشتن نظر' }));
    const form = await screen.findByRole('form', { name: 'فرم ارسال نظر' });
    await screen.findByText('۱ + ۱ = ؟');
    fireEvent.change(screen.getByLabelText(/^نام/), { target: { value: 'مریم' } });
    fireEvent.change(screen.getByLabelText(/^متن نظر/), { target: { value: 'سلام' } });
    fireEvent.change(screen.getByLabelText(/^کد امنیتی/), { target: { value: '2' } });
    await act(async () => { fireEvent.submit(form); });
    const toast = await screen.findByText('نظر ارسال شد');
    expect(toast.closest('li')!.textContent).toContain('نظر شما پس از بررسی منتشر خواهد شد');
    expect(screen.queryByRole('form')).toBeNull();
  });
});
