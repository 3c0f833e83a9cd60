// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { DuplicateCheckResult } from '@chapar/shared/contracts';
import { ADMIN_STATUS_PATH } from '../../../../features/auth/api.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { DuplicateTab } from './duplicate-tab.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const status = { authenticated: true, csrfToken: 'tok', user: { id: 1, username: 'admin', role: 'admin' } };
const LONG = 'سازمان هواشناسی برای استان گیلان از شنبه تا دوشنبه هشدار نارنجی صادر کرد و بارش در رشت تا ۱۲۰ میلی‌متر می‌رسد';

afterEach(() => {
  vi.unstubAllGlobals();
});

function open(method: 'post' | 'content' = 'content') {
  renderWithApp(<DuplicateTab />, { data: [[[ADMIN_STATUS_PATH], status]] });
  if (method === 'content') fireEvent.click(screen.getByRole('radio', { name: 'با متن خبر' }));
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'بررسی تکراری' }));
const typeText = (text: string) => fireEvent.change(screen.getByLabelText('متن خبر'), { target: { value: text } });
const typePostId = (text: string) => fireEvent.change(screen.getByLabelText('شناسه پست'), { target: { value: text } });
// The message under the field (a failure's toast is an alert too).
const fieldAlert = () => within(screen.getByRole('button', { name: 'بررسی تکراری' }).closest('form')!).getByRole('alert');

/** A check by post id the server fails (500): the panel ends with «بررسی ناموفق بود» and the server's reason. */
async function failedPostCheck() {
  const fetch = vi.fn(async () => json(500, { error: 'internal', message: 'خطای داخلی سرور' }));
  vi.stubGlobal('fetch', fetch);
  open('post');
  typePostId('12345');
  submit();
  await screen.findByText('بررسی ناموفق بود');
  expect(screen.getByTestId('progress-log').textContent).toContain('بررسی ناموفق بود: خطای داخلی سرور');
  return fetch;
}

describe('duplicate tab', () => {
  it('refuses a text too short to judge under the field, before anything is sent and without a progress bar', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    open();
    typeText('دلار');
    expect(screen.getByText(/اکنون ۴ حرف و ۱ واژه/)).toBeTruthy();
    submit();
    expect(screen.getByRole('alert').textContent).toMatch(/^متن برای بررسی تکراری بودن کوتاه است: دست‌کم ۵۰ حرف و ۸ واژه لازم است/);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the server refusing a text inline, not as a toast, and leaves no spinner behind', async () => {
    const message = 'متن برای بررسی تکراری بودن کوتاه است: دست‌کم ۵۰ حرف و ۸ واژه لازم است (این متن ۴۴ حرف و ۷ واژه دارد).';
    vi.stubGlobal('fetch', vi.fn(async () => json(400, { error: 'bad_request', message })));
    open();
    typeText(LONG);
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText(/خطا در بررسی/)).toBeNull();
    expect((screen.getByRole('button', { name: 'بررسی تکراری' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows a calibrated "not a duplicate" with the chance of a duplicate in its colour band, and the nearest article', async () => {
    const answer: DuplicateCheckResult = {
      isDuplicate: false, confidence: 87, duplicateType: 'keyword_analysis', processingTime: 12,
      details: 'مقالهٔ تکراری پیدا نشد؛ نزدیک‌ترین مقاله ۴۲ است، با احتمال ۱۳٪ که همان خبر باشد.',
      duplicateArticles: [{
        id: 42, title: 'سیل در گلستان ۳ کشته و ۲۴ مصدوم برجای گذاشت', excerpt: '', category: 'Politics', publishedAt: '2026-11-20T10:00:00.000Z',
        similarity: 51, probability: 13, source: 'akhbar_rooz', telegramId: 7, isDuplicate: false, reasons: ['قاعدهٔ تصمیم: اعداد یا نام‌های متفاوت یعنی دو رویداد جدا؛ تکراری نیست'],
      }],
    };
    vi.stubGlobal('fetch', vi.fn(async () => json(200, answer)));
    open();
    typeText(LONG);
    submit();
    const result = await screen.findByTestId('duplicate-result');
    expect(within(result).getByRole('heading').textContent).toBe('خبر تکراری نیست');
    const confidence = screen.getByTestId('duplicate-confidence');
    expect(confidence.textContent).toContain('۸۷٪');
    expect(confidence.textContent).toContain('احتمال تکرار: کم (۱۳٪)');
    expect(confidence.className).toMatch(/green/);
    const similar = within(screen.getByRole('list', { name: 'مقاله‌های مشابه' }));
    expect(similar.getByText('احتمال تکرار ۱۳٪')).toBeTruthy();
    expect(similar.getByText('شباهت کل ۵۱٪')).toBeTruthy();
    // The channel's handle is isolated so it does not mirror inside the Persian line.
    expect(result.querySelector('bdi[dir="ltr"]')?.textContent).toBe('@akhbar_rooz');
    expect(result.textContent).not.toMatch(/[0-9]/);
  });

  it('colours a duplicate said with 92% confidence red', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { isDuplicate: true, confidence: 92, duplicateType: 'keyword_analysis', processingTime: 5, details: 'تکرار', duplicateArticles: [] })));
    open();
    typeText(LONG);
    submit();
    await screen.findByTestId('duplicate-result');
    expect(screen.getByTestId('duplicate-confidence').className).toMatch(/red/);
    expect(screen.getByTestId('duplicate-confidence').textContent).toContain('بسیار زیاد (۹۲٪)');
  });

  it('says a post id past the safe integers is too big, not that it is not a number, before anything is sent', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    open('post');
    for (const id of ['99999999999999999999', '۹۹۹۹۹۹۹۹۹۹۹۹۹۹۹۹۹۹۹۹', '9007199254740992']) {
      typePostId(id);
      submit();
      expect(fieldAlert().textContent, id).toBe('شناسه پست بیش از حد بزرگ است');
    }
    typePostId('@akhbar_rooz');
    submit();
    expect(fieldAlert().textContent).toBe('شناسه پست باید فقط عدد باشد (بدون @ و بدون نام کانال)');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps the server\'s reason for a post it cannot find on the page, and ends the run instead of a bar stuck at ۰٪', async () => {
    const reason = 'پستی با این شناسه در کانال‌ها پیدا نشد';
    vi.stubGlobal('fetch', vi.fn(async () => json(404, { error: 'not_found', message: reason })));
    open('post');
    typePostId('9999991');
    submit();
    const panel = await screen.findByTestId('progress-log');
    await within(panel).findByRole('alert');
    expect(within(panel).getByRole('alert').textContent).toBe(`بررسی ناموفق بود: ${reason}`);
    expect(panel.dataset.failed).toBe('true');
    expect(within(panel).queryByRole('progressbar')).toBeNull();
    expect(panel.textContent).not.toContain('۰٪');
    expect(within(panel).getByRole('list', { name: 'گزارش مراحل' }).textContent).toContain('بررسی ناموفق بود');
    expect((screen.getByRole('button', { name: 'بررسی تکراری' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('switching the method drops the failed run\'s progress panel and log', async () => {
    await failedPostCheck();
    fireEvent.click(screen.getByRole('radio', { name: 'با متن خبر' }));
    expect(screen.queryByTestId('progress-log')).toBeNull();
    typeText('دلار');
    submit();
    expect(fieldAlert().textContent).toMatch(/^متن برای بررسی تکراری بودن کوتاه است/);
    expect(screen.queryByTestId('progress-log')).toBeNull();
    expect(screen.queryByText('بررسی ناموفق بود')).toBeNull();
  });

  it('a new check refused by the form drops the previous run\'s progress panel and log', async () => {
    const fetch = await failedPostCheck();
    const sent = fetch.mock.calls.length;
    typePostId('@akhbar_rooz');
    submit();
    expect(fieldAlert().textContent).toBe('شناسه پست باید فقط عدد باشد (بدون @ و بدون نام کانال)');
    expect(screen.queryByTestId('progress-log')).toBeNull();
    expect(fetch.mock.calls.length).toBe(sent);
  });

  it('an answer that arrives after the method was switched does not bring its run back', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => { answer = resolve; })));
    open('post');
    typePostId('12345');
    submit();
    await screen.findByTestId('progress-log');
    fireEvent.click(screen.getByRole('radio', { name: 'با متن خبر' }));
    expect(screen.queryByTestId('progress-log')).toBeNull();
    answer(json(200, { isDuplicate: true, confidence: 92, duplicateType: 'keyword_analysis', processingTime: 5, details: 'تکرار', duplicateArticles: [] }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('progress-log')).toBeNull();
    expect(screen.queryByTestId('duplicate-result')).toBeNull();
  });
});
