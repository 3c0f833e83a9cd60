import { AUDIT_FIELD_LABELS, type AuditEntry } from '@chapar/shared/contracts';
import { formatJalaliDateTime, formatNumberFa } from '@chapar/shared/text';
import { itemsSummary, valueWords, type ItemsSummary } from './audit-values.ts';

/** A value before or after, in words: yes/no, enum-like values in Persian, numbers in Persian digits, text as plain text, the rest isolated. */
function Value({ field, value }: { field: string; value: unknown }) {
  const words = valueWords(field, value);
  switch (words.kind) {
    case 'empty': return <span className="text-muted">{words.text}</span>;
    case 'words': return <span>{words.text}</span>;
    case 'date': return <span>{formatJalaliDateTime(words.value)}</span>;
    case 'isolated': return words.ltr
      ? <bdi dir="ltr" className="wrap-anywhere">{words.text}</bdi>
      : <bdi className="wrap-anywhere">{words.text}</bdi>;
  }
}

const SIGN_IN_METHODS: Record<string, string> = { password: 'با رمز عبور', totp: 'با کد برنامهٔ احراز هویت', recovery: 'با کد بازیابی' };
const TELEGRAM_STEPS: Record<string, string> = { phone: 'گام شماره تلفن', code: 'گام کد ورود', password: 'گام رمز دوم' };

/** The request's details worth reading when no field was compared (how one signed in, how many items). */
function detailWords(details: Record<string, unknown>): string[] {
  const words: string[] = [];
  if (typeof details.method === 'string' && SIGN_IN_METHODS[details.method]) words.push(SIGN_IN_METHODS[details.method]);
  if (typeof details.step === 'string' && TELEGRAM_STEPS[details.step]) words.push(TELEGRAM_STEPS[details.step]);
  if (typeof details.count === 'number') words.push(`${formatNumberFa(details.count)} مورد`);
  if (typeof details.restored === 'number') words.push(`${formatNumberFa(details.restored)} مورد بازگردانده شد`);
  if (typeof details.ended === 'number') words.push(`${formatNumberFa(details.ended)} نشست پایان یافت`);
  if (typeof details.cleared === 'number') words.push(`${formatNumberFa(details.cleared)} عملیات پاک شد`);
  return words;
}

const idText = (id: number | string) => (typeof id === 'number' ? formatNumberFa(id, { useGrouping: false }) : id);

const MAX_SHOWN = 12;

/** Items that went to a trash or came back from it: one sentence, and which items by name. */
function Summary({ summary }: { summary: ItemsSummary }) {
  const shown = summary.items.slice(0, MAX_SHOWN);
  return (
    <div data-summary={summary.kind} className="wrap-anywhere text-xs">
      <p>{summary.sentence}.</p>
      <ul className="mt-1 space-y-1">
        {shown.map((item, i) => (
          <li key={i} data-item={item.id}>
            {item.name ? <>«<bdi>{item.name}</bdi>»</> : <span className="text-muted">بی‌نام</span>}
            {item.id !== undefined && <span className="text-muted"> (شناسهٔ <bdi>{idText(item.id)}</bdi>)</span>}
          </li>
        ))}
      </ul>
      {summary.items.length > shown.length && <p className="mt-1 text-muted">و {formatNumberFa(summary.items.length - shown.length)} مورد دیگر</p>}
    </div>
  );
}

/** The fields a write changed, before → after; a sentence for items deleted or restored; the request's details when no field was compared. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const summary = itemsSummary(entry);
  if (summary) return <Summary summary={summary} />;
  if (entry.changes.length === 0) {
    const words = detailWords(entry.details);
    return words.length ? <span className="text-muted">{words.join('، ')}</span> : <span className="text-muted">—</span>;
  }
  const shown = entry.changes.slice(0, MAX_SHOWN);
  return (
    <details className="min-w-0">
      <summary className="cursor-pointer">{formatNumberFa(entry.changes.length)} تغییر</summary>
      <ul className="mt-2 space-y-1.5">
        {shown.map((change, i) => (
          <li key={i} className="wrap-anywhere text-xs" data-field={change.field}>
            <span className="font-medium">{AUDIT_FIELD_LABELS[change.field] ?? 'فیلد دیگر'}</span>
            {change.id !== undefined && <span className="text-muted"> (شناسهٔ <bdi>{idText(change.id)}</bdi>)</span>}
            {': '}
            <span className="rounded bg-red-50 px-1 line-through decoration-red-400 dark:bg-red-950" data-before><Value field={change.field} value={change.before} /></span>
            {' ← '}
            <span className="rounded bg-green-50 px-1 dark:bg-green-950" data-after><Value field={change.field} value={change.after} /></span>
          </li>
        ))}
      </ul>
      {entry.changes.length > shown.length && <p className="mt-1 text-xs text-muted">و {formatNumberFa(entry.changes.length - shown.length)} تغییر دیگر</p>}
    </details>
  );
}
