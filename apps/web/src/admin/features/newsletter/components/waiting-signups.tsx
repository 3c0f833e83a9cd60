import { formatJalaliDateTime, formatNumberFa } from '@chapar/shared/text';
import { LoadingState } from '../../../components/states.tsx';
import { persianServerText } from '../../../lib/persian-text.ts';
import { useWaitingSignups } from '../digest-api.ts';

const MAIL_STATUS: Record<string, string> = {
  unsent: 'منتظر راه‌اندازی ایمیل',
  queued: 'در صف ارسال',
  sending: 'در حال ارسال',
  sent: 'ایمیل تأیید فرستاده شد',
  failed: 'ارسال ایمیل ناموفق',
  skipped: 'ایمیل تأیید کمی پیش فرستاده شده بود',
};

/** Addresses whose owners have not yet followed their confirmation link. */
export function WaitingSignups({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const waiting = useWaitingSignups();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="waiting-heading" className="space-y-2">
      <Heading id="waiting-heading" className="text-lg font-bold">
        در انتظار تأیید
        {waiting.data && <span className="ms-2 text-sm font-normal text-muted">({formatNumberFa(waiting.data.matching)} نشانی)</span>}
      </Heading>
      <p className="text-sm text-muted">این نشانی‌ها تا پیوند ایمیل تأیید را باز نکنند، خبرنامه‌ای نمی‌گیرند؛ پیوند تا هفت روز معتبر است.</p>
      {waiting.isPending ? <LoadingState /> : !waiting.data?.signups.length ? <p className="rounded-xl border border-border bg-card px-4 py-3 text-sm text-muted">نشانی‌ای در انتظار تأیید نیست</p> : (
        <div className="overflow-x-auto rounded-xl border border-border bg-card">
          <table className="admin-cards w-full text-sm">
            <caption className="sr-only">نشانی‌های در انتظار تأیید</caption>
            <thead className="bg-surface">
              <tr>{['ایمیل', 'نام', 'زمان درخواست', 'ایمیل تأیید'].map((h) => <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 text-start font-medium text-muted">{h}</th>)}</tr>
            </thead>
            <tbody>
              {waiting.data.signups.map((s) => (
                <tr key={s.id} data-signup-id={s.id} className="border-t border-border">
                  <td data-label="ایمیل" className="px-3 py-2"><span dir="ltr" className="break-all sm:whitespace-nowrap sm:break-normal">{s.email}</span></td>
                  <td data-label="نام" className="px-3 py-2">{s.name || <span className="text-muted">بدون نام</span>}</td>
                  <td data-label="زمان درخواست" className="whitespace-nowrap px-3 py-2">{formatJalaliDateTime(s.createdAt)}</td>
                  <td data-label="ایمیل تأیید" className="px-3 py-2">
                    {MAIL_STATUS[s.mailStatus] ?? s.mailStatus}
                    {s.mailError && <p className="text-xs text-muted">{persianServerText(s.mailError)}</p>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
