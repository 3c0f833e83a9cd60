// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { DigestSummary } from '@chapar/shared/contracts';
import { DigestsTable } from './digests-table.tsx';

const digest = (id: number, status: DigestSummary['status'], sent: number, failed: number): DigestSummary => ({
  id, trigger: 'admin', subject: 'خبرنامه چاپار', status, articleCount: 3, requestedBy: 'admin', createdAt: '2026-12-01T10:00:00.000Z', finishedAt: '2026-12-01T10:01:00.000Z',
  counts: { total: sent + failed, queued: 0, sending: 0, sent, failed, bounced: 0 },
});

/** The status badge and the sent and failed cells of one digest's row. */
function rowOf(container: HTMLElement, id: number) {
  const row = container.querySelector(`tr[data-digest-id="${id}"]`)!;
  return {
    status: row.querySelector('td[data-label="وضعیت"]')!.textContent,
    sent: row.querySelector('td[data-count="sent"]')!.textContent,
    failed: row.querySelector('td[data-count="failed"]')!.textContent,
  };
}

describe('the digests table', () => {
  afterEach(cleanup);

  it('says in Persian that a digest reached nobody, reached only some, or every address', () => {
    const { container } = render(<DigestsTable loading={false} digests={[digest(3, 'failed', 0, 2), digest(2, 'done', 4, 1), digest(1, 'done', 2, 0)]} />);
    expect(rowOf(container, 3)).toEqual({ status: 'ناموفق؛ به هیچ نشانی نرسید', sent: '۰ از ۲', failed: '۲' });
    expect(rowOf(container, 2)).toEqual({ status: 'پایان یافت؛ به برخی نرسید', sent: '۴ از ۵', failed: '۱' });
    expect(rowOf(container, 1)).toEqual({ status: 'پایان یافت', sent: '۲ از ۲', failed: '۰' });
  });
});
