// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { OperationPlan, PlanItem } from '@chapar/shared/contracts';
import '../../testing/dom-shims.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { PlanDialog } from './plan-dialog.tsx';

const item = (articleId: number, change: PlanItem['change'], reason = ''): PlanItem =>
  ({ articleId, title: `خبر ${articleId}`, source: 'akhbar_rooz', telegramId: articleId, change, reason });
const show = (plan: OperationPlan) => {
  renderWithApp(<PlanDialog pending={{ operationId: 3, name: 'check-articles', plan }} onClose={() => undefined} />);
  return screen.getByTestId('plan-summary').textContent ?? '';
};

describe('the plan preview\'s summary', () => {
  it('never says «no change needed» of articles it could not check', () => {
    const unread = 'کانال خوانده نشد: سرور تلگرام خطا داد';
    const summary = show({ looked: 0, changes: 0, exact: true, more: 0, breaker: null, items: [item(1, 'not_checked', unread), item(2, 'not_checked', unread)] });
    expect(summary).not.toContain('تغییری لازم نیست');
    expect(summary).toContain('هیچ مقاله‌ای بررسی نشد');
    expect(summary).toContain('۲ مقاله بررسی نشد');
  });

  it('a plan that could check nothing says at the top, as an error, that the check failed and why (the commonest reasons first)', () => {
    const unreachable = 'کانال @akhbar_rooz خوانده نشد: تلگرام در دسترس نیست';
    const noSource = 'این مقاله منبع تلگرامی ندارد';
    const items = [item(1, 'not_checked', unreachable), item(2, 'not_checked', noSource), item(3, 'not_checked', unreachable), item(4, 'not_checked', unreachable)];
    show({ looked: 0, changes: 0, exact: true, more: 0, breaker: null, items });
    const top = screen.getByTestId('plan-summary');
    // An alert, not a plain line, and not inside the collapsed list.
    expect(top.getAttribute('role')).toBe('alert');
    expect(top.closest('details')).toBeNull();
    expect(top.className).toMatch(/bg-red-50/);
    expect(top.textContent).toContain('بررسی ناموفق بود');
    expect(top.textContent).toContain('۴ مقاله بررسی نشد');
    expect(top.textContent).not.toContain('تغییری لازم نیست');
    expect(screen.getByTestId('plan-failure-reason').textContent).toBe(`دلیل: ۳ مقاله: ${unreachable}؛ ۱ مقاله: ${noSource}`);
  });

  it('a failed plan with one reason gives it alone', () => {
    const unreachable = 'کانال @akhbar_rooz خوانده نشد: تلگرام در دسترس نیست';
    show({ looked: 0, changes: 0, exact: true, more: 0, breaker: null, items: [item(1, 'not_checked', unreachable), item(2, 'not_checked', unreachable)] });
    expect(screen.getByRole('alert').textContent).toContain(`دلیل: ${unreachable}`);
  });

  it('a plan that checked some articles is no failure', () => {
    show({ looked: 1, changes: 0, exact: true, more: 0, breaker: null, items: [item(1, 'unchanged'), item(2, 'not_checked', 'این مقاله منبع تلگرامی ندارد')] });
    expect(screen.queryByText(/بررسی ناموفق بود/)).toBeNull();
    expect(screen.getByTestId('plan-summary').getAttribute('role')).toBeNull();
  });

  it('says «no change needed» when every article was checked', () => {
    const summary = show({ looked: 2, changes: 0, exact: true, more: 0, breaker: null, items: [item(1, 'unchanged'), item(2, 'unchanged')] });
    expect(summary).toBe('۲ مقاله بررسی شد و تغییری لازم نیست.');
  });

  it('a plan with nothing to confirm has ended: «بستن» closes it without asking the server to cancel it', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    const plan = { looked: 2, changes: 0, exact: true, more: 0, breaker: null, items: [item(1, 'unchanged'), item(2, 'unchanged')] };
    renderWithApp(<PlanDialog pending={{ operationId: 3, name: 'check-articles', plan }} onClose={onClose} />);
    fireEvent.click(screen.getAllByRole('button', { name: 'بستن' }).find((b) => b.textContent === 'بستن')!);
    expect(onClose).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});

describe('a text repair\'s plan', () => {
  const fix = (articleId: number, fields: Array<{ field: 'title' | 'excerpt' | 'content' | 'metaDescription'; before: string; after: string }>): PlanItem => ({
    ...item(articleId, 'rewrite', 'خلاصه همان پاراگراف نخست متن است؛ تغییر: خلاصه'),
    proposal: { title: `خبر ${articleId}`, excerpt: fields[0]?.after ?? '', content: '', before: 60, after: 62, fields },
  });
  const showFix = (plan: OperationPlan) => {
    renderWithApp(<PlanDialog pending={{ operationId: 4, name: 'fix-excerpts', plan }} onClose={() => undefined} />);
  };
  /** A mark's words, without the name it carries for screen readers. */
  const marked = (root: Element, tag: 'del' | 'ins') => [...root.querySelectorAll(tag)].map((mark) => {
    const copy = mark.cloneNode(true) as Element;
    copy.querySelector('.sr-only')?.remove();
    return copy.textContent;
  });

  it('shows, behind a closed «نمایش تغییر», each changed field by its label with exactly the removed and added words marked', () => {
    const before = 'دولت امروز بودجهٔ سال آینده را به مجلس فرستاد.';
    const after = 'دولت روز دوشنبه بودجهٔ سال آینده را به مجلس داد.';
    showFix({ looked: 1, changes: 1, exact: true, more: 0, breaker: null, items: [fix(1, [{ field: 'excerpt', before, after }])] });
    const disclosure = screen.getByTestId('plan-field-changes') as HTMLDetailsElement;
    expect(disclosure.open).toBe(false);
    const summary = disclosure.querySelector('summary')!;
    expect(summary.textContent).toContain('نمایش تغییر');
    fireEvent.click(summary);
    expect(disclosure.open).toBe(true);
    const field = screen.getByRole('region', { name: 'خلاصه' });
    expect(field.querySelector('h4')?.textContent).toBe('خلاصه');
    expect(marked(field, 'del')).toEqual(['امروز', 'فرستاد']);
    expect(marked(field, 'ins')).toEqual(['روز دوشنبه', 'داد']);
    // Each mark is named for a screen reader, in Persian.
    expect(field.querySelector('del .sr-only')?.textContent).toBe('حذف‌شده: ');
    expect(field.querySelector('ins .sr-only')?.textContent).toBe('افزوده‌شده: ');
    // Before holds only removals, after only additions; the unchanged words on both.
    const [was, now] = [field.querySelector('[data-side="before"]')!, field.querySelector('[data-side="after"]')!];
    expect(was.querySelector('ins')).toBeNull();
    expect(now.querySelector('del')).toBeNull();
    expect(was.textContent).toContain('بودجهٔ سال آینده را به مجلس');
    expect(now.textContent).toContain('بودجهٔ سال آینده را به مجلس');
    // No rewrite text in its place.
    expect(screen.queryByText(/متن پیشنهادی/)).toBeNull();
  });

  it('an empty excerpt filled in is shown as empty before and added whole after', () => {
    showFix({ looked: 1, changes: 1, exact: true, more: 0, breaker: null, items: [fix(1, [{ field: 'excerpt', before: '', after: 'خلاصهٔ تازه' }])] });
    const field = screen.getByRole('region', { name: 'خلاصه' });
    expect(field.querySelector('[data-side="before"]')!.textContent).toContain('(خالی)');
    expect(marked(field, 'ins')).toEqual(['خلاصهٔ تازه']);
    expect(field.querySelector('del')).toBeNull();
  });

  it('a body\'s change is shown as its text, and a change of markup alone is said to be one', () => {
    const content = { field: 'content' as const, before: '<p>سلام دنیا</p><p>خبر تازه</p>', after: '<p>سلام دنیا</p><p>خبر امروز</p>' };
    const markup = { field: 'content' as const, before: '…ر از سراسر کشور" />', after: '…ر از سراسر کشور">' };
    showFix({ looked: 2, changes: 2, exact: true, more: 0, breaker: null, items: [fix(1, [content]), fix(2, [markup])] });
    const [text, tags] = screen.getAllByRole('region', { name: 'متن' });
    expect(marked(text, 'del')).toEqual(['تازه']);
    expect(marked(text, 'ins')).toEqual(['امروز']);
    expect(text.textContent).not.toContain('<p>');
    expect(tags.textContent).toContain('تنها قالب‌بندی');
    expect(marked(tags, 'del')).toEqual(['/']);
  });

  it('a proposal without fields (content verification\'s rewrite) shows its proposed text as before', () => {
    const rewrite: PlanItem = { ...item(1, 'rewrite'), proposal: { title: 'عنوان تازه', excerpt: 'خلاصهٔ تازه', content: '', before: 40, after: 70 } };
    showFix({ looked: 1, changes: 1, exact: true, more: 0, breaker: null, items: [rewrite] });
    expect(screen.getByText('متن پیشنهادی (امتیاز ۴۰ ← ۷۰)')).toBeTruthy();
    expect(screen.queryByTestId('plan-field-changes')).toBeNull();
  });

  it('says how many more articles need the repair past the listed ones, to run it again', () => {
    showFix({ looked: 900, changes: 1, exact: true, more: 899, beyond: 600, breaker: null, items: [fix(1, [{ field: 'excerpt', before: 'الف', after: 'ب' }])] });
    expect(screen.getByTestId('plan-beyond').textContent).toBe('۶۰۰ مقالهٔ دیگر هم به این اصلاح نیاز دارد که در این پیش‌نمایش نیامد؛ پس از اجرا، دوباره اجرا کنید.');
  });

  it('does not count the unlisted unchanged articles as more changes: it says they were checked and need none', () => {
    // As the server builds it: 2 changes and 498 unchanged listed (500 at most), 1500 unchanged and 1000 left for later not listed.
    const unchanged = Array.from({ length: 498 }, (_, i) => item(100 + i, 'unchanged', 'به اصلاح نیاز ندارد'));
    const items = [fix(1, [{ field: 'excerpt', before: 'الف', after: 'ب' }]), fix(2, [{ field: 'excerpt', before: 'پ', after: 'ت' }]), ...unchanged];
    showFix({ looked: 3000, changes: 2, exact: true, more: 2500, beyond: 1000, breaker: null, items });
    expect(screen.queryByTestId('plan-more-changes')).toBeNull();
    expect(screen.queryByText(/^و .* مقالهٔ دیگر$/)).toBeNull();
    expect(screen.getByTestId('plan-unlisted-unchanged').textContent).toBe('۱٬۵۰۰ مقالهٔ دیگر بررسی شد و تغییری لازم ندارد.');
    expect(screen.getByRole('button', { name: 'اجرا روی ۲ مقاله' })).toBeTruthy();
  });

  it('a scope plan still counts its unlisted articles as its scope', () => {
    const scope = Array.from({ length: 500 }, (_, i) => item(i + 1, 'check'));
    renderWithApp(<PlanDialog pending={{ operationId: 5, name: 'repair-articles', plan: { looked: 700, changes: 700, exact: false, more: 200, breaker: null, items: scope } }} onClose={() => undefined} />);
    expect(screen.getByTestId('plan-more-changes').textContent).toBe('و ۶۰۰ مقالهٔ دیگر');
    expect(screen.queryByTestId('plan-unlisted-unchanged')).toBeNull();
  });
});
