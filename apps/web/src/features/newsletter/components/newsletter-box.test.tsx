// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render.tsx';
import { NewsletterBox } from './newsletter-box.tsx';

describe('NewsletterBox', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('rejects an email without an at-sign without calling the server', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<NewsletterBox />);
    fireEvent.change(screen.getByLabelText('ایمیل'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'عضویت' }));
    expect(screen.getByRole('alert').textContent).toContain('لطفاً یک آدرس ایمیل معتبر وارد کنید');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('subscribes and shows the server message', async () => {
    const fetchMock = vi.fn(async () => Response.json({ success: true, message: 'عضویت شما ثبت شد' }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<NewsletterBox />);
    fireEvent.change(screen.getByLabelText('ایمیل'), { target: { value: 'reader@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'عضویت' }));
    expect(await screen.findByText('عضویت شما ثبت شد')).toBeTruthy();
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ email: 'reader@example.com' });
  });

  it('says the subscription waits for the confirmation mail, naming the address', async () => {
    const message = 'ایمیلی برای تأیید عضویت به این نشانی فرستادیم؛ برای تکمیل عضویت پیوند آن را باز کنید.';
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ success: true, message, alreadySubscribed: false, pending: true })));
    const { container } = renderWithApp(<NewsletterBox />);
    fireEvent.change(screen.getByLabelText('ایمیل'), { target: { value: ' reader@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'عضویت' }));
    expect(await screen.findByText('ایمیل خود را ببینید')).toBeTruthy();
    const note = await waitFor(() => {
      const found = container.querySelector('[data-newsletter-pending]');
      if (!found) throw new Error('no pending note');
      return found;
    });
    expect(note.querySelector('bdi[dir="ltr"]')?.textContent).toBe('reader@example.com');
    expect(note.textContent).toContain('پیوند ایمیل تأیید');
  });
});
