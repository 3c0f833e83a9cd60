// A failed read of Telegram, said to an editor in Persian (the English detail stays in the log).
import { toPersianDigits as fa } from '@chapar/shared/text';
import { TelegramFetchError } from './telegram/index.ts';

/** Why Telegram could not be read, in Persian. */
export function telegramFailure(error: unknown): string {
  if (!(error instanceof TelegramFetchError)) return 'خطای ناشناخته در خواندن تلگرام';
  const reasons: Record<TelegramFetchError['code'], string> = {
    invalid_channel: 'نام کانال معتبر نیست',
    not_found: 'کانال پیش‌نمایش عمومی ندارد یا پیدا نشد',
    rate_limited: 'تلگرام درخواست‌ها را محدود کرده است',
    timeout: 'تلگرام در زمان مقرر پاسخ نداد',
    upstream: 'سرور تلگرام خطا داد',
    network: 'اتصال به تلگرام برقرار نشد',
    http_error: `تلگرام پاسخ نامعمول داد${error.status ? ` (${fa(error.status)})` : ''}`,
    inconclusive: `پاسخ تلگرام روشن نکرد که پست هست یا نه${error.status ? ` (${fa(error.status)})` : ''}`,
  };
  return reasons[error.code];
}
