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
