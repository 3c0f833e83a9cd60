// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { DigestSummary } from '@chapar/shared/contracts';
import { DigestsTable } from './digests-table.tsx';

const digest = (id: number, status: DigestSummary['status'], sent: number, failed: number): DigestSummary => ({
  id, trigger: 'admin', subject: 'خبرنامه چاپار', status, articleCount: 3, requestedBy: 'admin', createdAt: '2026-12-01T10:00:00.000Z', finishedAt: '2026-12-01T10:01:00.000Z',
  counts: { total: sent + failed, queued: 0, sending: 0, sent, failed, retrying: 0, bounced: 0 }, failureReason: null,
});

/** The status badge and the sent and failed cells of one digest's row. */
function rowOf(container: HTMLElement, id: number) {
  const row = container.querySelector(`tr[data-digest-id="${id}"]`)!;
  return {
    status: row.querySelector('td[data-label="وضعیت"] > span')!.textContent,
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

  it('says a digest the mail server refused waits for a retry, with the server\'s answer, counting those addresses as not sent', () => {
    const refused: DigestSummary = {
      ...digest(4, 'sending', 0, 0), finishedAt: null,
      counts: { total: 3, queued: 2, sending: 0, sent: 0, failed: 0, retrying: 1, bounced: 0 },
      failureReason: 'سرور ایمیل فعلاً نپذیرفت (\u2066451 4.3.0 busy\u2069) — دوباره تلاش می‌شود',
    };
    const { container } = render(<DigestsTable loading={false} digests={[refused]} />);
    expect(rowOf(container, 4)).toEqual({ status: 'سرور ایمیل نپذیرفت؛ در انتظار تلاش دوباره', sent: '۰ از ۳', failed: '۰' });
    const row = container.querySelector('tr[data-digest-id="4"]')!;
    expect(row.querySelector('[data-failure-reason]')!.textContent).toBe(refused.failureReason);
    expect(row.querySelector('td[data-count="waiting"]')!.textContent).toBe('۳(۱ در انتظار تلاش دوباره)');
    expect(row.querySelector('td[data-label="خطاها"] button')!.textContent).toContain('دیدن خطاها');
  });
});
