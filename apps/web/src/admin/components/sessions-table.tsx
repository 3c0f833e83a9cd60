import { LogOut } from 'lucide-react';
import type { SessionInfo } from '@chapar/shared/contracts';
import { formatJalaliDateTime, formatRelativeFa, ltr } from '@chapar/shared/text';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { cn } from '../../lib/cn.ts';

const small = cn(buttonStyles.secondary, 'px-2.5 py-1 text-xs');

interface SessionsTableProps {
  sessions: SessionInfo[];
  /** Show whose session each is (the owner's list of everyone's). */
  showUser?: boolean;
  onEnd: (session: SessionInfo) => void;
  ending?: boolean;
  caption: string;
}

/** Signed-in sessions: device, address, when started and last seen, and a button to end each. */
export function SessionsTable({ sessions, showUser, onEnd, ending, caption }: SessionsTableProps) {
  const headings = [...(showUser ? ['کاربر'] : []), 'دستگاه', 'نشانی', 'آغاز', 'آخرین فعالیت', 'عملیات'];
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card">
      <table className="admin-cards w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface">
          <tr>{headings.map((h) => <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 text-start font-medium text-muted">{h}</th>)}</tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id} data-session-id={s.id} className="border-t border-border align-top">
              {showUser && <td data-label="کاربر" className="px-3 py-2"><bdi>{s.username}</bdi></td>}
              <td data-label="دستگاه" className="px-3 py-2">
                <span>
                  {s.device}
                  {s.current && <span className="ms-2 whitespace-nowrap rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-900 dark:bg-green-950 dark:text-green-200">همین نشست</span>}
                </span>
              </td>
              <td data-label="نشانی" className="px-3 py-2"><bdi dir="ltr">{s.ip ?? '—'}</bdi></td>
              <td data-label="آغاز" className="whitespace-nowrap px-3 py-2">{formatJalaliDateTime(s.createdAt)}</td>
              <td data-label="آخرین فعالیت" className="whitespace-nowrap px-3 py-2">{formatRelativeFa(s.lastSeenAt)}</td>
              <td data-label="عملیات" className="px-3 py-2">
                <button type="button" className={small} disabled={ending} onClick={() => onEnd(s)} aria-label={`${s.current ? 'خروج از همین نشست' : 'پایان نشست'} ${s.device}${showUser ? ` از ${ltr(s.username)}` : ''}`}>
                  <LogOut aria-hidden="true" className="size-3.5" />
                  {s.current ? 'خروج' : 'پایان'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
