import { useId, useState } from 'react';
import { BookOpen } from 'lucide-react';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';

/** Spec 03 §2.7: the manual guide, toggled on and off. */
export function ManualGuide() {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="rounded-xl border border-border bg-card p-4">
      <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)} className={buttonStyles.ghost}>
        <BookOpen aria-hidden="true" className="size-4" />
        {open ? 'بستن راهنما' : 'راهنمای ورود دستی'}
      </button>
      {open && (
        <ol id={id} className="mt-3 list-inside list-[persian] space-y-2 text-sm leading-7">
          <li>در <bdi dir="ltr">my.telegram.org</bdi> با شماره حساب سایت وارد شوید و در بخش <bdi dir="ltr">API development tools</bdi> یک برنامه بسازید.</li>
          <li>مقدار <code dir="ltr">api_id</code> را در <code dir="ltr">TELEGRAM_API_ID</code> و <code dir="ltr">api_hash</code> را در <code dir="ltr">TELEGRAM_API_HASH</code> بگذارید و <code dir="ltr">SESSION_SECRET</code> را هم تنظیم کنید تا نشست پس از راه‌اندازی دوباره بماند؛ سپس سرور را دوباره راه بیندازید.</li>
          <li>اگر تلگرام از این سرور فیلتر است، یک پراکسی <bdi dir="ltr">SOCKS5</bdi> در <code dir="ltr">TELEGRAM_PROXY_URL</code> (مثلاً <bdi dir="ltr">socks5://127.0.0.1:1080</bdi>) یا یک پراکسی <bdi dir="ltr">MTProto</bdi> در <code dir="ltr">TELEGRAM_MTPROTO_PROXY</code> بگذارید؛ پراکسیِ در حال استفاده در زبانه «پایش سیستم» دیده می‌شود.</li>
          <li>شماره را با کد کشور وارد کنید (مثلاً <span dir="ltr">+۹۸۹۱۲۱۲۳۴۵۶۷</span>)؛ تلگرام یک کد ۵ رقمی به اپ تلگرام همان حساب می‌فرستد.</li>
          <li>کد را وارد کنید. اگر حساب تأیید دومرحله‌ای دارد، رمز آن را هم بخواهد. هر درخواست کد ۵ بار کد اشتباه و هر مدیر ۵ بار رمز اشتباه در ۱۵ دقیقه می‌پذیرد.</li>
          <li>پس از ورود، پست‌ها مستقیم از تلگرام خوانده می‌شوند؛ بدون آن، صفحه‌های عمومی کانال‌ها <bdi dir="ltr">(t.me/s/…)</bdi> خوانده می‌شوند.</li>
          <li>کد تأیید برای هر شماره فقط هر ۲۲ ساعت یک بار درخواست می‌شود؛ درخواست‌های پیاپی حساب را نزد تلگرام مسدود می‌کند.</li>
        </ol>
      )}
    </div>
  );
}
