// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { NEWSLETTER_MESSAGES } from '@chapar/shared/contracts';
import { renderWithApp } from '../../../testing/render.tsx';
import { newsletterTexts } from '../api.ts';
import { FooterNewsletter } from './footer-newsletter.tsx';
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

// Without JavaScript (or before the page's script has run) the forms POST to the server, which
// sends the reader back with the outcome in the address (apps/server/.../form-signup.ts).
describe('the newsletter forms without JavaScript', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the box posts its named fields to /newsletter/subscribe, and the answer comes back to its anchor', () => {
    const { container } = renderWithApp(<NewsletterBox />);
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/newsletter/subscribe');
    expect([...form.querySelectorAll('input')].map((input) => input.name)).toEqual(['email', 'name']);
    expect(container.querySelector('section#newsletter')).toBeTruthy();
    expect(container.querySelector('[data-newsletter-outcome]')).toBeNull();
  });

  it.each([
    ['sent', newsletterTexts.pendingTitle, newsletterTexts.pendingNote, 'status'],
    ['invalid', newsletterTexts.invalidTitle, newsletterTexts.invalidBody, 'alert'],
    ['busy', newsletterTexts.failedTitle, NEWSLETTER_MESSAGES.flooded, 'alert'],
    ['failed', newsletterTexts.failedTitle, newsletterTexts.failedBody, 'alert'],
  ])('rendered with ?newsletter=%s, the box shows the same texts the script shows', (marker, title, body, role) => {
    const { container } = renderWithApp(<NewsletterBox />, { route: `/?page=2&newsletter=${marker}` });
    const note = container.querySelector(`[data-newsletter-outcome="${marker}"]`)!;
    expect(note.getAttribute('role')).toBe(role);
    expect(note.textContent).toContain(title);
    expect(note.textContent).toContain(body);
  });

  it('shows the marker in the server-rendered HTML, before any script runs', async () => {
    const { MemoryRouter } = await import('react-router');
    const { Providers } = await import('../../../app/providers.tsx');
    const { createQueryClient } = await import('../../../app/query-client.ts');
    const html = renderToString(
      <MemoryRouter initialEntries={['/?newsletter=sent']}>
        <Providers queryClient={createQueryClient()} renderedAt={Date.now()}><NewsletterBox /></Providers>
      </MemoryRouter>,
    );
    expect(html).toMatch(/<form[^>]* action="\/newsletter\/subscribe"/);
    expect(html).toMatch(/<form[^>]* method="post"/);
    expect(html).toContain('name="email"');
    expect(html).toContain(newsletterTexts.pendingNote);
  });

  it.each(['/?newsletter=other', '/?newsletter=footer-sent', '/?newsletter=SENT', '/?newsletters=sent'])('shows nothing for any other address (%s)', (route) => {
    const { container } = renderWithApp(<NewsletterBox />, { route });
    expect(container.querySelector('[data-newsletter-outcome]')).toBeNull();
    expect(container.textContent).not.toContain(newsletterTexts.pendingNote);
  });

  it('hides the marker once the reader signs up with the script', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ success: true, message: 'عضویت شما ثبت شد' })));
    const { container } = renderWithApp(<NewsletterBox />, { route: '/?newsletter=invalid' });
    expect(container.querySelector('[data-newsletter-outcome="invalid"]')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('ایمیل'), { target: { value: 'reader@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'عضویت' }));
    expect(await screen.findByText('عضویت شما ثبت شد')).toBeTruthy();
    expect(container.querySelector('[data-newsletter-outcome]')).toBeNull();
  });

  it('the footer posts to the same route marked as the footer, and shows its own marker only', () => {
    const { container } = renderWithApp(<FooterNewsletter />, { route: '/article/x-1?newsletter=footer-invalid' });
    const form = container.querySelector('form')!;
    expect(form.id).toBe('footer-newsletter');
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/newsletter/subscribe?from=footer');
    expect(form.querySelector('input')!.name).toBe('email');
    expect(container.querySelector('[data-newsletter-outcome="invalid"]')!.textContent).toContain(newsletterTexts.invalidBody);
  });

  it('with the script the footer signs the reader up and says a confirmation mail is on its way', async () => {
    const waiting = 'ایمیلی برای تأیید عضویت به این نشانی فرستادیم؛ برای تکمیل عضویت پیوند آن را باز کنید.';
    const fetchMock = vi.fn(async () => Response.json({ success: true, alreadySubscribed: false, pending: true, message: waiting }));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderWithApp(<FooterNewsletter />, { route: '/?newsletter=footer-sent' });
    const input = container.querySelector('input')!;
    fireEvent.change(input, { target: { value: ' reader@example.com ' } });
    fireEvent.submit(container.querySelector('form')!);
    expect(await screen.findByText(waiting)).toBeTruthy();
    expect(container.textContent).toContain(newsletterTexts.pendingTitle);
    expect(container.textContent).not.toContain(newsletterTexts.footerSuccess);
    expect(container.querySelector('[data-newsletter-outcome]')).toBeNull();
    expect(input.value).toBe('');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/newsletter/subscribe');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'reader@example.com' });
  });

  it("the footer shows the server's reason when a signup is refused, keeps the address, and calls nothing for an address without @", async () => {
    const busy = 'از این نشانی در مدت کوتاهی درخواست‌های زیادی فرستاده شده است';
    const fetchMock = vi.fn(async () => Response.json({ error: 'rate_limited', message: busy }, { status: 429 }));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderWithApp(<FooterNewsletter />);
    const input = container.querySelector('input')!;
    fireEvent.change(input, { target: { value: 'not-an-address' } });
    fireEvent.submit(container.querySelector('form')!);
    expect(container.querySelector('[data-newsletter-result="error"]')!.textContent).toContain(newsletterTexts.invalidBody);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'reader@example.com' } });
    fireEvent.submit(container.querySelector('form')!);
    expect(await screen.findByText(busy)).toBeTruthy();
    expect(input.value).toBe('reader@example.com');
  });
});
