import { CircleAlert, MailCheck } from 'lucide-react';
import type { NewsletterDigestsResponse } from '@chapar/shared/contracts';

/** Whether mail can be sent, and what to set when it cannot. */
export function MailStatus({ mail }: { mail: NewsletterDigestsResponse['mail'] }) {
  if (!mail.configured) {
    return (
      <div role="note" data-mail-configured="false" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
        <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0" />
        <div className="min-w-0 space-y-1">
          <p className="font-bold">ارسال ایمیل تنظیم نشده است؛ خبرنامه و ایمیل‌های تأیید عضویت فرستاده نمی‌شوند.</p>
          <p>
            {'برای راه‌اندازی، '}
            {mail.missing.map((name, i) => (
              <span key={name}>{i > 0 && ' و '}<code dir="ltr" className="rounded bg-amber-100 px-1 dark:bg-amber-900">{name}</code></span>
            ))}
            {' را در محیط سرور تنظیم کنید و سرور را دوباره راه بیندازید؛ برای نمونه:'}
          </p>
          {/* One setting per line, each whole: on a phone the box scrolls rather than split a value. */}
          <pre dir="ltr" tabIndex={0} aria-label="نمونهٔ تنظیمات ایمیل" className="overflow-x-auto rounded-lg bg-amber-100 px-3 py-2 text-start text-xs dark:bg-amber-900"><code>{'SMTP_URL=smtp://user:pass@host:587\nMAIL_FROM=news@example.com'}</code></pre>
          <p>عضویت‌های تازه تا آن زمان در انتظار ایمیل تأیید می‌مانند.</p>
        </div>
      </div>
    );
  }
  // 'چاپار <news@example.com>': the name reads as Persian, the address left to right.
  const sender = /^\s*"?(.*?)"?\s*<([^>]+)>\s*$/.exec(mail.from ?? '');
  return (
    <p data-mail-configured="true" className="flex items-start gap-2 text-sm text-muted">
      <MailCheck aria-hidden="true" className="mt-1 size-4 shrink-0 text-green-700 dark:text-green-400" />
      <span>
        {'ارسال از '}
        {sender?.[1] && <span className="text-fg">{sender[1]} </span>}
        <bdi dir="ltr" className="text-fg">{sender ? sender[2] : mail.from}</bdi>
        {' از راه سرور '}<bdi dir="ltr" className="text-fg">{mail.server}</bdi>
      </span>
    </p>
  );
}
