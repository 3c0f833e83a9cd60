import { Hourglass } from 'lucide-react';

/** A screen whose tools arrive in a later release: says so plainly and what it will do. */
export function ComingSoon({ title, what }: { title: string; what: string }) {
  return (
    <section aria-labelledby="coming-soon-title" className="mx-auto max-w-2xl rounded-2xl border border-border bg-card p-6 text-center">
      <Hourglass aria-hidden="true" className="mx-auto size-10 text-muted" />
      <h2 id="coming-soon-title" className="mt-3 text-xl font-bold">{title}</h2>
      <p className="mt-2 font-medium">این بخش به‌زودی در پنل فعال می‌شود.</p>
      <p className="mt-2 text-muted">{what}</p>
    </section>
  );
}

/** What each later screen will do (spec 03 §2.3, §2.6–§2.8). */
export const UPCOMING = {
  'system-monitor': { title: 'پایش سیستم', what: 'وضعیت کلی سامانه، زمان کارکرد، حافظه، وضعیت هر سرویس و شمار کارهای صف پردازش را نشان می‌دهد.' },
  generate: { title: 'تولید محتوا', what: 'پردازش پست از لینک تلگرام، دکمه‌های سریع افزودن خبر، پردازش بازه‌ای و ابزارهای رسانه و کیفیت محتوا را فراهم می‌کند.' },
  channels: { title: 'کانال‌ها', what: 'کارت دو کانال منبع با همگام‌سازی همه، اعتبارسنجی و خروجی گرفتن از کانال‌ها را نشان می‌دهد.' },
  duplicate: { title: 'بررسی تکراری', what: 'تکراری بودن یک پست را با شناسه پست یا متن آن بررسی می‌کند و مقاله‌های مشابه را با درصد اطمینان نشان می‌دهد.' },
  scanner: { title: 'اسکن کامل', what: 'همه مقاله‌ها را برای یافتن خبرهای تکراری می‌کاود و هر جفت اصلی و تکراری را کنار هم با پیشنهاد نگه‌داشتن یا حذف نشان می‌دهد.' },
  watermark: { title: 'واترمارک', what: 'آزمایش، اعمال و تأیید واترمارک تصاویر و ویدیوها و اصلاح نشانی ویدیوها را انجام می‌دهد.' },
  'auto-monitor': { title: 'پایش خودکار', what: 'پایش خودکار کانال‌ها را هر ده دقیقه آغاز یا متوقف می‌کند و بررسی فوری و نتیجه آخرین بررسی را نشان می‌دهد.' },
  'telegram-auth': { title: 'احراز هویت تلگرام', what: 'حساب تلگرام سایت را با شماره تلفن، کد پنج‌رقمی و رمز دومرحله‌ای وارد می‌کند تا پست‌ها مستقیم خوانده شوند.' },
  sync: { title: 'همگام‌سازی و اصلاح', what: 'همگام‌سازی یک پست، اصلاح مقاله‌ها، همگام‌سازی دقیق تصاویر و ابزارهای ویدیو را با گزارش نتیجه فراهم می‌کند.' },
  'content-verification': { title: 'بررسی کیفیت محتوا', what: 'کیفیت مقاله‌های انتخابی را امتیاز می‌دهد و مقاله‌های ضعیف را با هوش مصنوعی بازنویسی می‌کند.' },
} as const;
