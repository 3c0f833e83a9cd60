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
