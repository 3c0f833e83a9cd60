import { AUDIT_FIELD_LABELS, ROLE_LABELS, isRole, type AuditEntry } from '@chapar/shared/contracts';
import { formatNumberFa } from '@chapar/shared/text';

const STATUS_WORDS: Record<string, string> = {
  published: 'منتشرشده', unpublished: 'منتشرنشده', draft: 'پیش‌نویس', awaiting: 'در انتظار تأیید', queued: 'در صف', running: 'در حال اجرا', success: 'موفق', error: 'ناموفق',
};

/** A value before or after, in words: yes/no, roles and statuses in Persian, numbers in Persian digits, the rest isolated. */
function Value({ field, value }: { field: string; value: unknown }) {
  if (value === null || value === undefined || value === '') return <span className="text-muted">خالی</span>;
  if (typeof value === 'boolean') return <span>{value ? 'بله' : 'خیر'}</span>;
  if (typeof value === 'number') return <span>{formatNumberFa(value, { useGrouping: false })}</span>;
  if (typeof value === 'string') {
    if (field === 'role' && isRole(value)) return <span>{ROLE_LABELS[value]}</span>;
    if (field === 'status' && STATUS_WORDS[value]) return <span>{STATUS_WORDS[value]}</span>;
    return <bdi className="break-words">{value}</bdi>;
  }
  return <bdi dir="ltr" className="break-all font-mono text-xs">{JSON.stringify(value)}</bdi>;
}

const SIGN_IN_METHODS: Record<string, string> = { password: 'با رمز عبور', totp: 'با کد برنامهٔ احراز هویت', recovery: 'با کد بازیابی' };
const TELEGRAM_STEPS: Record<string, string> = { phone: 'گام شماره تلفن', code: 'گام کد ورود', password: 'گام رمز دوم' };

/** The request's details worth reading when no field was compared (how one signed in, how many items). */
function detailWords(details: Record<string, unknown>): string[] {
  const words: string[] = [];
  if (typeof details.method === 'string' && SIGN_IN_METHODS[details.method]) words.push(SIGN_IN_METHODS[details.method]);
  if (typeof details.step === 'string' && TELEGRAM_STEPS[details.step]) words.push(TELEGRAM_STEPS[details.step]);
  if (typeof details.count === 'number') words.push(`${formatNumberFa(details.count)} مورد`);
  if (typeof details.ended === 'number') words.push(`${formatNumberFa(details.ended)} نشست پایان یافت`);
  if (typeof details.cleared === 'number') words.push(`${formatNumberFa(details.cleared)} عملیات پاک شد`);
  return words;
}

/** The fields a write changed, before → after; the request's details when no field was compared. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0) {
    const words = detailWords(entry.details);
    return words.length ? <span className="text-muted">{words.join('، ')}</span> : <span className="text-muted">—</span>;
  }
  const shown = entry.changes.slice(0, 12);
  return (
    <details>
      <summary className="cursor-pointer">{formatNumberFa(entry.changes.length)} تغییر</summary>
      <ul className="mt-2 space-y-1.5">
        {shown.map((change, i) => (
          <li key={i} className="text-xs" data-field={change.field}>
            <span className="font-medium">{AUDIT_FIELD_LABELS[change.field] ?? change.field}</span>
            {change.id !== undefined && <span className="text-muted"> (شناسهٔ <bdi>{typeof change.id === 'number' ? formatNumberFa(change.id, { useGrouping: false }) : change.id}</bdi>)</span>}
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
