// @vitest-environment jsdom
// An operation that was undone is shown as such, not as the success its run once was.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperationRecord } from '@chapar/shared/contracts';
import '../../testing/dom-shims.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { OperationsMonitor, ReportList } from './operations-monitor.tsx';

const STATUS = { isAuthenticated: true, username: 'admin', csrfToken: 't', role: 'admin', permissions: ['view', 'articles'], twoFactorSetupRequired: false, trashRetentionDays: 30 };
const run = (id: number, extra: Partial<OperationRecord>): OperationRecord => ({
  id, name: 'bulk-unpublish', status: 'success', progress: 100, logs: [], errors: [], params: {}, results: { total: 2, updated: 2 },
  requestedBy: 'admin', createdAt: '2026-12-04T10:00:00.000Z', startTime: '2026-12-04T10:00:00.000Z', endTime: '2026-12-04T10:00:01.000Z',
  cancelRequested: false, plan: null, confirmedBy: null, undoable: 0, undoneBy: null, undoneAt: null, ...extra,
});

describe('the operations monitor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks an undone run «بازگردانده‌شده», and a run still in force «موفق»', async () => {
    const operations = [run(7, { undoneAt: '2026-12-04T10:05:00.000Z', undoneBy: 'admin' }), run(8, { undoable: 2 })];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const body = String(input).startsWith('/api/admin/status') ? STATUS : { operations };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }));
    const { container } = renderWithApp(<OperationsMonitor />);
    await screen.findAllByText('لغو انتشار گروهی مقاله‌ها');
    const undone = container.querySelector<HTMLElement>('[data-operation-id="7"]')!;
    expect(undone.dataset.status).toBe('undone');
    expect(within(undone).getByText('بازگردانده‌شده')).toBeTruthy();
    expect(within(undone).queryByText('موفق')).toBeNull();
    const inForce = container.querySelector<HTMLElement>('[data-operation-id="8"]')!;
    expect(inForce.dataset.status).toBe('success');
    expect(within(inForce).getByText('موفق')).toBeTruthy();
  });
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** The list the server answers, and what it answers an undo (the list then changes as `after` says). */
function serve(operations: () => OperationRecord[], undo?: () => Response) {
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/admin/status')) return json(STATUS);
    if (init?.method === 'POST' && url.endsWith('/undo') && undo) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return undo();
    }
    return json({ operations: operations() });
  }));
}
const card = (container: HTMLElement, id: number) => container.querySelector<HTMLElement>(`[data-operation-id="${id}"]`)!;
const PLAN = { looked: 2, changes: 2, exact: true, items: [], more: 0, breaker: null };

describe('progress in the operations monitor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows no bar for a plan awaiting confirmation, a preview that ended, or a plan left without running', async () => {
    const failedPreview = 'پیش‌نمایش «بررسی مقالات با منبع» ناموفق بود: هیچ‌یک از ۲ مقاله بررسی نشد (کانال در دسترس نیست)؛ چیزی تغییر نکرد';
    serve(() => [
      run(1, { name: 'check-articles', status: 'awaiting', progress: 100, plan: PLAN, results: null, endTime: null }),
      run(2, { name: 'check-articles', status: 'error', progress: 100, plan: PLAN, results: { preview: true, message: failedPreview, total: 2, notChecked: 2 }, errors: [`2026-12-04T10:00:01.000Z ${failedPreview}`] }),
      run(3, { name: 'check-articles', status: 'error', progress: 100, plan: PLAN, results: { cancelled: true }, errors: ['2026-12-04T10:00:02.000Z عملیات لغو شد'] }),
      run(4, { status: 'running', progress: 40, results: null, endTime: null }),
      run(5, { status: 'success', progress: 100 }),
    ]);
    const { container } = renderWithApp(<OperationsMonitor />);
    await screen.findAllByText('لغو انتشار گروهی مقاله‌ها');
    for (const id of [1, 2, 3]) {
      expect(within(card(container, id)).queryByRole('progressbar')).toBeNull();
      expect(card(container, id).textContent).not.toContain('۱۰۰٪');
    }
    expect(card(container, 1).dataset.status).toBe('awaiting');
    expect(card(container, 3).dataset.status).toBe('cancelled');
    // What runs or ran still has its bar.
    expect(within(card(container, 4)).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(card(container, 5)).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });

  it('ends a failed run\'s bar at 0% (spec 03 §4), and a partly failed run\'s where it got', async () => {
    serve(() => [
      run(9, { status: 'error', progress: 100, results: { message: 'کانال در دسترس نیست' }, errors: ['2026-12-04T10:00:01.000Z کانال در دسترس نیست'] }),
      run(10, { status: 'error', progress: 60, results: { total: 5, failed: 2, created: 3 } }),
    ]);
    const { container } = renderWithApp(<OperationsMonitor />);
    await screen.findAllByText('لغو انتشار گروهی مقاله‌ها');
    const failed = card(container, 9);
    expect(failed.dataset.status).toBe('error');
    expect(within(failed).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(failed.textContent).toContain('۰٪');
    expect(failed.textContent).not.toContain('۱۰۰٪');
    expect(card(container, 10).dataset.status).toBe('partial');
    expect(within(card(container, 10)).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('60');
  });

  it('says each line once on a card: a failed preview\'s message and its error, a cancel logged twice', async () => {
    const failedPreview = 'پیش‌نمایش «بررسی مقالات با منبع» ناموفق بود: هیچ‌یک از ۲ مقاله بررسی نشد (کانال در دسترس نیست)؛ چیزی تغییر نکرد';
    const cancelled = 'عملیات به درخواست مدیر لغو شد';
    serve(() => [
      run(2, { name: 'check-articles', status: 'error', plan: PLAN, results: { preview: true, message: failedPreview, total: 2, notChecked: 2 }, errors: [`2026-12-04T10:00:01.000Z ${failedPreview}`], logs: [`2026-12-04T10:00:01.000Z ${failedPreview}`] }),
      run(6, { status: 'error', progress: 50, results: { cancelled: true, message: cancelled }, errors: [`2026-12-04T10:00:03.000Z ${cancelled}`, `2026-12-04T10:00:04.000Z ${cancelled}`], logs: ['2026-12-04T10:00:00.500Z ۱ مقاله از انتشار خارج شد', `2026-12-04T10:00:03.000Z ${cancelled}`] }),
    ]);
    const { container } = renderWithApp(<OperationsMonitor />);
    await screen.findByText(failedPreview);
    const count = (element: HTMLElement, line: string) => element.textContent!.split(line).length - 1;
    expect(count(card(container, 2), failedPreview)).toBe(1);
    expect(count(card(container, 6), cancelled)).toBe(1);
    // The other log line is still there.
    expect(within(card(container, 6)).getByText('۱ مقاله از انتشار خارج شد')).toBeTruthy();
  });
});

describe('a post in a report row', () => {
  it('is written as the plan writes it, @channel/id, isolated left to right; a file by its name', () => {
    const { container } = renderWithApp(<ReportList items={[
      { status: 'error', articleId: null, filename: 'chapar_demo/1133', fileType: 'post', reason: 'پست یافت نشد' },
      { status: 'success', articleId: 12, filename: '12-0-image.jpg', fileType: 'image', reason: 'ذخیره شد' },
    ]} />);
    const names = [...container.querySelectorAll('bdi')];
    expect(names.map((b) => b.textContent)).toEqual(['@chapar_demo/1133', '12-0-image.jpg']);
    expect(names[0].getAttribute('dir')).toBe('ltr');
  });
});

describe('focus after an undo', () => {
  afterEach(() => vi.unstubAllGlobals());
  // Radix returns focus in a timeout after the dialog's content unmounts.
  const focusSettled = () => new Promise((resolve) => setTimeout(resolve, 10));

  /** Tab to «بازگردانی», Enter, to the confirmation's button, Enter: as the keyboard does it. */
  async function undoByKeyboard() {
    const button = await screen.findByRole('button', { name: 'بازگردانی لغو انتشار گروهی مقاله‌ها' });
    button.focus();
    fireEvent.click(button);
    const confirm = await screen.findByRole('button', { name: 'بازگردانی ۲۰ مقاله' });
    confirm.focus();
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await focusSettled();
  }

  it('lands on the card\'s heading and status once the undo is done, not on <main>', async () => {
    let undone = false;
    serve(
      () => [run(8, undone ? { undoable: 0, undoneAt: '2026-12-04T10:05:00.000Z', undoneBy: 'admin' } : { undoable: 20 })],
      () => { undone = true; return json({ success: true, message: '۲۰ مقاله به حالت پیش از عملیات بازگردانده شد', restored: 20, skipped: [] }); },
    );
    const { container } = renderWithApp(<main id="main" tabIndex={-1}><OperationsMonitor /></main>);
    await undoByKeyboard();
    const heading = card(container, 8).querySelector<HTMLElement>('[data-operation-heading]')!;
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.tabIndex).toBe(-1);
    expect(heading.textContent).toContain('بازگردانده‌شده');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(heading);
  });

  it('lands there too when the undo put nothing back', async () => {
    serve(
      () => [run(8, { undoable: 20 })],
      () => json({ success: false, message: 'هیچ مقاله‌ای بازگردانده نشد؛ ۲۰ مقاله: مقاله پس از این عملیات دوباره تغییر کرده است؛ دست نخورد', restored: 0, skipped: [] }),
    );
    const { container } = renderWithApp(<main id="main" tabIndex={-1}><OperationsMonitor /></main>);
    await undoByKeyboard();
    const heading = card(container, 8).querySelector<HTMLElement>('[data-operation-heading]')!;
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(heading);
  });

  it('lands there when the server refuses the undo', async () => {
    serve(() => [run(8, { undoable: 20 })], () => json({ success: false, message: 'خطای سرور' }, 500));
    const { container } = renderWithApp(<main id="main" tabIndex={-1}><OperationsMonitor /></main>);
    await undoByKeyboard();
    const heading = card(container, 8).querySelector<HTMLElement>('[data-operation-heading]')!;
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
