// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { queueLabel } from '@chapar/shared/contracts';
import { QueueTable } from './queue-table.tsx';

afterEach(cleanup);

describe('the queue table', () => {
  it('is a real table, shown at every width, each count cell named by its column for the phone cards', () => {
    const names = ['newsletter-build', 'channel-check'];
    render(<QueueTable queues={names.map((name, i) => ({ name, pending: i, processing: 2, completed: 45, failed: 0 }))} />);
    const table = screen.getByRole('table', { name: 'صف‌ها' });
    // Nothing hides it on a phone any more.
    expect(table.closest('.hidden')).toBeNull();
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['صف', 'در انتظار', 'در حال پردازش', 'انجام‌شده', 'ناموفق']);
    const rows = within(table).getAllByRole('row').slice(1);
    // Sorted by the Persian name.
    expect(rows.map((r) => r.querySelector('td')!.textContent)).toEqual(names.map(queueLabel).sort((a, b) => a.localeCompare(b, 'fa')));
    const cells = [...rows[0]!.querySelectorAll('td')];
    expect(cells.map((c) => c.dataset.label)).toEqual(['صف', 'در انتظار', 'در حال پردازش', 'انجام‌شده', 'ناموفق']);
    expect(rows[0]!.textContent).not.toMatch(/[0-9]/);
  });
});
