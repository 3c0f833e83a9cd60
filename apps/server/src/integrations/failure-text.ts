// Why something failed, as an editor reads it in an operation's log, report or answer. Our own
// errors already speak Persian; an integration's (the AI client, the media download, GramJS,
// the S3 SDK, a library) speak English for the server log, so here they are said in Persian by their kind.
import { handle, toPersianDigits as fa } from '@chapar/shared/text';
import { isDeadline, noAnswerWithin } from './deadline.ts';
import { RewriteError, type RewriteErrorCode } from './ai/index.ts';
import { SpeechEndpointError } from './speech/index.ts';
import { isS3Error, s3FailureReason } from './storage/failure.ts';
import { MediaFetchError, TelegramFetchError, type MediaFetchErrorCode } from './telegram/index.ts';
import { MtprotoError, type MtprotoErrorCode } from './telegram/mtproto/index.ts';
import { telegramFailure } from './telegram-failure.ts';

const PERSIAN = /[\u0600-\u06FF]/;

const REWRITE: Record<RewriteErrorCode, string> = {
  empty_input: 'پس از پاک‌سازی متنی برای بازنویسی نماند',
  invalid_output: 'پاسخ هوش مصنوعی شکل درستی نداشت',
  numbers_dropped: 'هوش مصنوعی عددهای پست را جا انداخت',
  timeout: 'سرویس هوش مصنوعی در زمان مقرر پاسخ نداد',
  upstream: 'سرویس هوش مصنوعی در دسترس نبود',
  unauthorized: 'سرویس هوش مصنوعی کلید را نپذیرفت',
};

const MEDIA: Record<MediaFetchErrorCode, string> = {
  host_not_allowed: 'نشانی رسانه از میزبان‌های مجاز تلگرام نیست',
  private_address: 'نشانی رسانه به شبکهٔ داخلی می‌رسد و دریافت نشد',
  too_large: 'رسانه از سقف حجم مجاز بزرگ‌تر است',
  http_error: 'سرور رسانه فایل را نداد',
  too_many_redirects: 'نشانی رسانه بیش از اندازه جابه‌جا شد',
  network: 'اتصال برای دریافت رسانه برقرار نشد',
};

const MTPROTO: Partial<Record<MtprotoErrorCode, string>> = {
  flood_wait: 'تلگرام درخواست‌ها را موقتاً محدود کرده است',
  unauthorized: 'حساب تلگرام سایت وارد نیست یا نشست آن باطل شده است',
  channel_unavailable: 'کانال در تلگرام در دسترس نیست',
  media_unavailable: 'رسانهٔ پست در تلگرام در دسترس نیست',
  network: 'اتصال به تلگرام برقرار نشد',
};

/** The failure in Persian; `channel` names the channel a Telegram failure was about. */
export function failureText(error: unknown, channel?: string): string {
  if (error instanceof TelegramFetchError) return channel ? `${handle(channel)}: ${telegramFailure(error)}` : telegramFailure(error);
  if (error instanceof RewriteError) return REWRITE[error.code];
  if (error instanceof MediaFetchError) {
    const status = error.code === 'http_error' ? /\b([1-5]\d\d)\b/.exec(error.message)?.[1] : undefined;
    return status ? `${MEDIA.http_error} (${fa(status)})` : MEDIA[error.code];
  }
  if (error instanceof MtprotoError && !PERSIAN.test(error.message)) return MTPROTO[error.code] ?? 'حساب تلگرام سایت درخواست را انجام نداد';
  if (isDeadline(error)) return `کار ${noAnswerWithin(deadlineMs(error))}`;
  if (error instanceof SpeechEndpointError && !PERSIAN.test(error.message)) return 'سرویس گفتار خطا داد';
  // The store's failures come as StorageUnavailableError (Persian); an SDK error that escaped unwrapped too.
  if (isS3Error(error)) return s3FailureReason(error);
  const message = error instanceof Error ? error.message : String(error);
  if (PERSIAN.test(message)) return message;
  if ((error as Error | null)?.name === 'AbortError') return 'کار پیش از پایان متوقف شد';
  return 'خطای داخلی در اجرای کار (جزئیات در گزارش سرور)';
}

function deadlineMs(error: unknown): number {
  for (let e = error as { ms?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.ms === 'number') return e.ms;
  }
  return 0;
}

/**
 * A channel could not be checked: the failure in Persian, always naming the channel, whatever
 * failed (the MTProto account, a deadline, the database), so a list of errors says which is which.
 */
export function channelFailureText(error: unknown, channel: string): string {
  const text = failureText(error, channel);
  return text.includes(`@${channel}`) ? text : `${handle(channel)}: ${text}`;
}
