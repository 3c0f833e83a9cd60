import { queueLabel, type QueueStatus } from '@chapar/shared/contracts';
import { formatNumberFa } from '@chapar/shared/text';

const COUNTS = [
  ['pending', 'در انتظار'],
  ['processing', 'در حال پردازش'],
  ['completed', 'انجام‌شده'],
  ['failed', 'ناموفق'],
] as const;

// On a phone each row is a card: the queue's name, then its four counts side by side, each under
// its column's name (data-label). The five columns did not fit 390 px and the table was hidden there.
const cell = 'px-3 py-2 max-sm:flex max-sm:flex-col max-sm:p-0 max-sm:before:text-xs max-sm:before:text-muted max-sm:before:content-[attr(data-label)]';

/** Each job queue's counts, by the queue's Persian name. */
export function QueueTable({ queues }: { queues: QueueStatus['queues'] }) {
  const rows = queues.map((row) => ({ ...row, label: queueLabel(row.name) })).sort((a, b) => a.label.localeCompare(b.label, 'fa'));
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card">
      <table className="w-full text-sm max-sm:block">
        <caption className="sr-only">صف‌ها</caption>
        <thead className="bg-surface max-sm:hidden">
          <tr>{['صف', ...COUNTS.map(([, label]) => label)].map((t) => <th key={t} scope="col" className="px-3 py-2 text-start font-medium text-muted">{t}</th>)}</tr>
        </thead>
        <tbody className="max-sm:block">
          {rows.map((row) => (
            <tr key={row.name} data-queue={row.name} className="border-t border-border max-sm:grid max-sm:grid-cols-4 max-sm:gap-x-2 max-sm:gap-y-1 max-sm:px-3 max-sm:py-2.5 max-sm:first:border-t-0">
              <td data-label="صف" className="px-3 py-2 max-sm:col-span-4 max-sm:p-0 max-sm:font-bold">{row.label}</td>
              {COUNTS.map(([key, label]) => <td key={key} data-label={label} className={cell}>{formatNumberFa(row[key])}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
