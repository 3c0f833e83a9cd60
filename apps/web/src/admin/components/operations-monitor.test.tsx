// @vitest-environment jsdom
// An operation that was undone is shown as such, not as the success its run once was.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { OperationRecord } from '@chapar/shared/contracts';
import '../../testing/dom-shims.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { OperationsMonitor } from './operations-monitor.tsx';

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
