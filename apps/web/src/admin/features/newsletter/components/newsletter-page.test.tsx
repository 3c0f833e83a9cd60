// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_DIGEST_SCHEDULE, type AdminSubscribersResponse, type NewsletterDigestsResponse } from '@chapar/shared/contracts';
import '../../../../testing/dom-shims.ts';
import { ADMIN_STATUS_PATH } from '../../../../features/auth/api.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { NewsletterPage } from './newsletter-page.tsx';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const status = { authenticated: true, csrfToken: 'tok', user: { id: 1, username: 'admin', role: 'admin' } };
const HEADER = '\ufeff"ایمیل","نام","وضعیت","تاریخ عضویت","تاریخ عضویت (ISO)","منبع"\r\n';

const subscriber = { id: 1, email: 'maryam@example.com', name: 'مریم', isActive: true, subscribedAt: '2026-12-01T10:00:00.000Z', source: 'website', confirmedAt: null, unsubscribedAt: null, bouncedAt: null };
const list = (n: number): AdminSubscribersResponse => ({
  subscribers: n ? [subscriber] : [],
  stats: { total: n, active: n, inactive: 0, todaySubscriptions: 0, pending: 0, receiving: 0 },
  matching: n,
});
const overview = (configured: boolean): NewsletterDigestsResponse => ({
  mail: configured
    ? { configured: true, missing: [], from: 'چاپار <news@chapar.test>', server: 'smtp.chapar.test:587' }
    : { configured: false, missing: ['SMTP_URL', 'MAIL_FROM'], from: null, server: null },
  schedule: DEFAULT_DIGEST_SCHEDULE,
  // The schedule's cron still has a next time; no digest goes out at it without mail.
  nextRunAt: '2026-12-05T04:30:00.000Z',
  recipients: 0,
  digests: [],
});

/** The page over a stubbed server: `subscribers` matching, mail set or not, and what an export answers. */
function serve({ subscribers = 1, configured = false, csv = HEADER }: { subscribers?: number; configured?: boolean; csv?: string } = {}) {
  const fetch = vi.fn(async (url: string) => {
    if (url.startsWith('/api/admin/newsletter/subscribers')) return json(list(subscribers));
    if (url.startsWith('/api/admin/newsletter/digests')) return json(overview(configured));
    if (url.startsWith('/api/admin/newsletter/signups')) return json({ signups: [], matching: 0 });
    if (url.startsWith('/api/admin/newsletter/export')) return new Response(csv, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } });
    return json({});
  });
  vi.stubGlobal('fetch', fetch);
  renderWithApp(<NewsletterPage embedded />, { data: [[[ADMIN_STATUS_PATH], status]] });
  return fetch;
}
const exportButton = () => screen.getByRole('button', { name: 'خروجی فهرست مشترکان' });

/** jsdom has no object URLs: a stand-in, put back after each test. */
const urlStatics = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
function stubObjectUrls() {
  const createObjectURL = vi.fn(() => 'blob:x');
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  return createObjectURL;
}

afterEach(() => {
  Object.assign(URL, urlStatics);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the newsletter page without mail', () => {
  it('never gives a next send time: no digest goes out until mail is set up', async () => {
    serve();
    const line = await screen.findByText(/^ارسال بعدی:/);
    expect(line.textContent).toBe('ارسال بعدی: تا ایمیل تنظیم نشود، خبرنامه‌ای فرستاده نمی‌شود');
    expect(screen.queryByText(/به وقت تهران\)$/)).toBeNull();
  });

  it('tells the editor in Persian who must set what; the setting names wait, left to right, in a collapsed block for the operator', async () => {
    serve();
    const note = (await screen.findByText(/ارسال ایمیل تنظیم نشده است/)).closest('[data-mail-configured="false"]') as HTMLElement;
    expect(note.textContent).toContain('مدیر فنی سایت باید نشانی سرور ایمیل و نشانی فرستنده را در تنظیمات سرور وارد کند');
    const details = within(note).getByText('جزئیات برای مدیر فنی').closest('details')!;
    expect(details.open).toBe(false);
    // Every English word of the note is inside the collapsed block, isolated left to right.
    const outside = [...note.querySelectorAll('p')].filter((p) => !details.contains(p)).map((p) => p.textContent).join(' ');
    expect(outside).not.toMatch(/[A-Za-z]/);
    const settings = within(details).getByLabelText('نمونهٔ تنظیمات ایمیل');
    expect(settings.getAttribute('dir')).toBe('ltr');
    expect(settings.querySelector('bdi[dir="ltr"]')?.textContent).toBe('SMTP_URL=smtp://user:pass@host:587\nMAIL_FROM=news@example.com');
  });

  it('with mail set up gives the next send time', async () => {
    serve({ configured: true });
    expect((await screen.findByText(/^ارسال بعدی:/)).textContent).toMatch(/^ارسال بعدی: .*۰۸:۰۰ \(به وقت تهران\)$/);
  });
});

describe('exporting the subscribers', () => {
  it('with no subscriber the button is disabled and says why', async () => {
    const fetch = serve({ subscribers: 0 });
    await screen.findByText('مشترکی برای خروجی نیست');
    expect(exportButton()).toHaveProperty('disabled', true);
    expect(exportButton().getAttribute('aria-describedby')).toBe(screen.getByText('مشترکی برای خروجی نیست').id);
    fireEvent.click(exportButton());
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/export'))).toBe(false);
  });

  it('a file with no subscriber in it is not saved and is no success', async () => {
    const createObjectURL = stubObjectUrls();
    serve({ subscribers: 1, csv: HEADER });
    await waitFor(() => expect(exportButton()).toHaveProperty('disabled', false));
    fireEvent.click(exportButton());
    expect(await screen.findByText('مشترکی برای خروجی نیست')).toBeTruthy();
    expect(screen.queryByText('فایل خروجی مشترکین دریافت شد')).toBeNull();
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('a file with subscribers is saved, with a success', async () => {
    const createObjectURL = stubObjectUrls();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    serve({ subscribers: 1, csv: `${HEADER}"maryam@example.com","مریم","فعال","","",""\r\n` });
    await waitFor(() => expect(exportButton()).toHaveProperty('disabled', false));
    fireEvent.click(exportButton());
    expect(await screen.findByText('فایل خروجی مشترکین دریافت شد')).toBeTruthy();
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(click).toHaveBeenCalledOnce();
  });
});
