import { CircleAlert, MailCheck } from 'lucide-react';
import type { NewsletterDigestsResponse } from '@chapar/shared/contracts';

/** An example line for each server setting the mail service needs. */
const SETTING_EXAMPLES: Record<string, string> = {
  SMTP_URL: 'SMTP_URL=smtp://user:pass@host:587',
  MAIL_FROM: 'MAIL_FROM=news@example.com',
};

/**
 * Whether mail can be sent. When it cannot, an editor reads in Persian who must set what; the
 * setting names and their example values (English, for the site's operator) wait in a collapsed block.
 */
export function MailStatus({ mail }: { mail: NewsletterDigestsResponse['mail'] }) {
  if (!mail.configured) {
    const missing = mail.missing.length ? mail.missing : Object.keys(SETTING_EXAMPLES);
    return (
      <div role="note" data-mail-configured="false" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
        <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0" />
        <div className="min-w-0 space-y-1">
          <p className="font-bold">ارسال ایمیل تنظیم نشده است؛ خبرنامه و ایمیل‌های تأیید عضویت فرستاده نمی‌شوند.</p>
          <p>مدیر فنی سایت باید نشانی سرور ایمیل و نشانی فرستنده را در تنظیمات سرور وارد کند و سرور را دوباره راه بیندازد.</p>
          <p>عضویت‌های تازه تا آن زمان در انتظار ایمیل تأیید می‌مانند.</p>
          <details className="pt-1">
            <summary className="cursor-pointer text-xs font-medium">جزئیات برای مدیر فنی</summary>
            <div className="mt-2 space-y-1 text-xs">
              <p>تنظیم‌های لازم در محیط سرور، برای نمونه:</p>
              {/* One setting per line, each whole and isolated left to right: on a phone the box scrolls rather than split a value. */}
              <pre dir="ltr" tabIndex={0} aria-label="نمونهٔ تنظیمات ایمیل" className="overflow-x-auto rounded-lg bg-amber-100 px-3 py-2 text-start dark:bg-amber-900">
                <code><bdi dir="ltr">{missing.map((name) => SETTING_EXAMPLES[name] ?? `${name}=…`).join('\n')}</bdi></code>
              </pre>
            </div>
          </details>
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
