// A failed call to the store, said in Persian: the operation reports, the posts' last error and
// the health page show it to the newsroom. A missing object is never one of these. The SDK's or
// the system's own words (English) stay on the error's `technical`, for the server log.
import { toPersianDigits as fa } from '@chapar/shared/text';
import { isDeadline, noAnswerWithin } from '../deadline.ts';
import { StorageUnavailableError } from './types.ts';

/** Latin text (a bucket's name, an error code) isolated so it reads right inside a Persian line. */
const isolate = (text: string) => `\u2068${text}\u2069`;

const DISK_ERRORS: Record<string, string> = {
  EROFS: 'دیسک رسانه فقط‌خواندنی است',
  EACCES: 'اجازهٔ نوشتن در پوشهٔ رسانه نیست',
  EPERM: 'اجازهٔ نوشتن در پوشهٔ رسانه نیست',
  ENOSPC: 'دیسک رسانه پر است',
  EDQUOT: 'سهمیهٔ دیسک رسانه پر است',
  EIO: 'دیسک رسانه خطای خواندن یا نوشتن داد',
  EMFILE: 'سرور به سقف فایل‌های باز رسیده است',
  ENFILE: 'سرور به سقف فایل‌های باز رسیده است',
  EBUSY: 'دیسک رسانه مشغول است',
};

/** An errno-style code ('EACCES', 'ECONNREFUSED') of the error or its cause, if any. */
function errnoCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown }; message?: unknown } | null;
  const code = [e?.code, e?.cause?.code].find((c): c is string => typeof c === 'string' && /^[A-Z][A-Z0-9_]{2,}$/.test(c));
  if (code) return code;
  const named = /\b(E[A-Z]{4,})\b/.exec(typeof e?.message === 'string' ? e.message : '')?.[1];
  return named === 'ERROR' ? undefined : named;
}

/** The error's own words, for the server log. */
function technicalOf(error: unknown): string {
  const e = error as { name?: string; message?: string } | null;
  return (e?.message ? `${e.name ?? 'Error'}: ${e.message}` : String(error)).slice(0, 300);
}

/** A local disk's failure (an errno code such as EROFS) or its deadline passing. */
export function diskFailure(error: unknown, timeoutMs: number): StorageUnavailableError {
  if (error instanceof StorageUnavailableError) return error;
  const technical = technicalOf(error);
  if (isDeadline(error)) return new StorageUnavailableError(`دیسک رسانه ${noAnswerWithin(timeoutMs)}`, { cause: error, technical });
  const code = errnoCode(error);
  const said = (code && DISK_ERRORS[code]) ?? 'دیسک رسانه خطا داد';
  // The code is what an administrator looks up; without one, the detail is in the log only.
  return new StorageUnavailableError(code ? `${said} (${isolate(code)})` : `${said} (جزئیات در گزارش سرور)`, { cause: error, technical });
}

const DENIED = 'دسترسی به فضای ذخیره‌سازی رد شد';

/** S3 error codes (the answer's <Code>, the SDK error's name) said in Persian. */
const S3_CODES: Record<string, string> = {
  AccessDenied: DENIED,
  AllAccessDisabled: DENIED,
  AccountProblem: DENIED,
  InvalidAccessKeyId: `${DENIED}: کلید دسترسی شناخته نشد`,
  SignatureDoesNotMatch: `${DENIED}: کلید مخفی درست نیست`,
  RequestTimeTooSkewed: `${DENIED}: ساعت این سرور با ساعت فضای ذخیره‌سازی هماهنگ نیست`,
  ExpiredToken: `${DENIED}: اعتبار کلید دسترسی تمام شده است`,
  InvalidToken: `${DENIED}: کلید دسترسی معتبر نیست`,
  AuthorizationHeaderMalformed: `منطقهٔ سطل با تنظیم ${isolate('S3_REGION')} نمی‌خواند`,
  PermanentRedirect: `منطقهٔ سطل با تنظیم ${isolate('S3_REGION')} نمی‌خواند`,
  SlowDown: 'فضای ذخیره‌سازی درخواست‌ها را موقتاً محدود کرده است',
  EntityTooLarge: 'فایل از سقف حجم فضای ذخیره‌سازی بزرگ‌تر است',
  QuotaExceeded: 'سهمیهٔ فضای ذخیره‌سازی پر است',
  XMinioStorageFull: 'فضای ذخیره‌سازی پر است',
};

/** Connection failures (no answer at all), by their system code; `where` names the bucket when known. */
function networkReason(code: string | undefined, where: string): string | undefined {
  if (!code) return undefined;
  if (code === 'ECONNREFUSED') return `اتصال به ${where} پذیرفته نشد (${isolate(code)})`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `نشانی ${where} پیدا نشد (${isolate(code)})`;
  if (['ECONNRESET', 'EPIPE', 'ECONNABORTED'].includes(code)) return `اتصال به ${where} قطع شد (${isolate(code)})`;
  if (['EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EHOSTDOWN'].includes(code)) return `${where} از این سرور در دسترس نیست (${isolate(code)})`;
  if (code === 'ETIMEDOUT') return `${where} در زمان مقرر پاسخ نداد`;
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return `گواهی امنیتی ${where} پذیرفته نشد (${isolate(code)})`;
  return undefined;
}

/**
 * Why a bucket call failed, in Persian: by the S3 error code, then the HTTP status, then the
 * connection's failure. An answer the SDK could not read (a proxy's HTML page) has its status only.
 */
export function s3FailureReason(error: unknown, bucket?: string): string {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } } | null;
  const status = e?.$metadata?.httpStatusCode;
  // A real S3 code, not the SDK's placeholders for an answer without one.
  const code = [e?.Code, e?.name].find((c): c is string => !!c && /^[A-Z][A-Za-z0-9]+$/.test(c) && !['Error', 'Unknown', 'UnknownError', 'NotFound', 'Forbidden'].includes(c));
  if (e?.name === 'CredentialsProviderError') return `کلید دسترسی فضای ذخیره‌سازی تنظیم نشده است (${isolate('S3_ACCESS_KEY_ID')} و ${isolate('S3_SECRET_ACCESS_KEY')})`;
  if (code === 'NoSuchBucket' || (status === 404 && !code)) return bucket ? `سطل ${isolate(bucket)} پیدا نشد` : 'سطل پیدا نشد';
  if (code && S3_CODES[code]) return S3_CODES[code];
  if (status === 401 || status === 403) return DENIED;
  if (status && status >= 500) return `فضای ذخیره‌سازی خطای ${fa(status)} داد`;
  if (status && status >= 300 && status < 400) return `فضای ذخیره‌سازی درخواست را به نشانی دیگری فرستاد (خطای ${fa(status)})؛ ${isolate('S3_ENDPOINT')} و ${isolate('S3_REGION')} را بررسی کنید`;
  if (status && status >= 400) return `فضای ذخیره‌سازی درخواست را نپذیرفت (خطای ${fa(status)}${code ? `، ${isolate(code)}` : ''})`;
  return networkReason(errnoCode(error), bucket ? `سطل ${isolate(bucket)}` : 'فضای ذخیره‌سازی') ?? `فضای ذخیره‌سازی پاسخ درستی نداد (${code ? isolate(code) : 'جزئیات در گزارش سرور'})`;
}

/** An error the S3 SDK raised for an answer (it carries the answer's metadata). */
export function isS3Error(error: unknown): boolean {
  const metadata = (error as { $metadata?: unknown } | null)?.$metadata;
  return typeof metadata === 'object' && metadata !== null;
}

/** A bucket's failure: refused, an error status, or no answer in time (ours or the SDK's request timeout). */
export function bucketFailure(error: unknown, bucket: string, timeoutMs: number, describe: (error: unknown) => string): StorageUnavailableError {
  if (error instanceof StorageUnavailableError) return error;
  const technical = describe(error);
  if (isDeadline(error) || (error as { name?: string }).name === 'TimeoutError') {
    return new StorageUnavailableError(`سطل ${isolate(bucket)} ${noAnswerWithin(timeoutMs)}`, { cause: error, technical });
  }
  return new StorageUnavailableError(s3FailureReason(error, bucket), { cause: error, technical });
}

/** Why MEDIA_BASE_URL did not give back the object just written: its status, other content, or no connection. */
export function publicUrlReason(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; status?: number } | null;
  if (typeof e?.status === 'number') return `خطای ${fa(e.status)} داد`;
  if (e?.name === 'TimeoutError' || isDeadline(error)) return noAnswerWithin(timeoutMs);
  const code = errnoCode(error);
  if (code === 'ECONNREFUSED') return `اتصال پذیرفته نشد (${isolate(code)})`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `نشانی پیدا نشد (${isolate(code)})`;
  return code ? `پاسخ درستی نداد (${isolate(code)})` : 'پاسخ درستی نداد';
}
