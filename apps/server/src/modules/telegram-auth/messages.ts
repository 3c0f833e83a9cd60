// Persian texts of the Telegram login (spec 03 §2.7, §8: the admin screen shows
// the server's message after the word 'error', so every message is a full sentence).
import { TELEGRAM_AUTH_MESSAGES, TELEGRAM_CODE_INTERVAL_HOURS } from '@chapar/shared/contracts';
import { formatJalaliDateTime, formatNumberFa } from '@chapar/shared/text';
import { persianWait } from '../../integrations/telegram/mtproto/index.ts';

const hours = formatNumberFa(TELEGRAM_CODE_INTERVAL_HOURS);

export const TEXT = {
  ...TELEGRAM_AUTH_MESSAGES,
  phoneStep: 'برای استفاده از حساب تلگرام سایت، شماره تلفن آن را وارد کنید',
  codeStep: (phone: string) => `کد ۵ رقمی ارسال‌شده به ${phone} را وارد کنید`,
  passwordStep: 'این حساب تأیید دومرحله‌ای دارد؛ رمز آن را وارد کنید',
  authenticated: (name: string) => `به تلگرام وصل است${name ? `: ${name}` : ''}`,
  codeSent: (phone: string) => `کد تأیید به ${phone} ارسال شد`,
  passwordNeeded: 'کد درست بود؛ این حساب رمز دومرحله‌ای دارد',
  loggedIn: 'ورود به تلگرام با موفقیت انجام شد',
  loggedOut: 'از تلگرام خارج شدید و نشست ذخیره‌شده پاک شد',
  alreadyLoggedIn: 'حساب تلگرام از قبل وارد شده است؛ برای ورود دوباره ابتدا خارج شوید',
  noCodeRequested: 'ابتدا شماره تلفن را وارد کنید تا کد تأیید ارسال شود',
  noPasswordNeeded: 'در این مرحله رمز دومرحله‌ای لازم نیست',
  codeTooSoon: (allowedAt: Date, now: Date) =>
    `کد تأیید فقط هر ${hours} ساعت یک بار قابل درخواست است. درخواست بعدی از ${formatJalaliDateTime(allowedAt)} `
    + `(${persianWait((allowedAt.getTime() - now.getTime()) / 1000)} دیگر) ممکن است.`,
  codeInvalid: 'کد تأیید اشتباه است. دوباره تلاش کنید.',
  codeExpired: 'کد تأیید منقضی شده است؛ پس از پایان محدودیت درخواست کد، دوباره شماره را وارد کنید',
  passwordInvalid: 'رمز دومرحله‌ای اشتباه است. دوباره تلاش کنید.',
  phoneRejected: 'تلگرام این شماره تلفن را نپذیرفت؛ شماره را بررسی کنید',
  phoneBanned: 'این شماره در تلگرام مسدود شده است',
  signUpRequired: 'این شماره حساب تلگرام ندارد؛ ابتدا با اپ تلگرام حساب بسازید',
  unreachable: 'ارتباط با تلگرام برقرار نشد؛ لطفاً کمی بعد دوباره تلاش کنید',
  rejected: (rpcError: string) => `تلگرام درخواست را نپذیرفت (${rpcError})`,
  sessionLost: 'نشست تلگرام دیگر معتبر نیست؛ دوباره شماره تلفن را وارد کنید',
  revoked: 'نشست تلگرام از سوی تلگرام یا از دستگاه دیگری پایان یافته است؛ دوباره وارد شوید',
  unreadable: 'نشست ذخیره‌شده تلگرام با SESSION_SECRET فعلی باز نمی‌شود (کلید عوض شده است)؛ دوباره وارد شوید',
};

/** '+989121234567' → '+********4567': enough to recognise the number, not to use it. */
export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '').length;
  let seen = 0;
  return phone.replace(/\d/g, (d) => (++seen > digits - 4 ? d : '*'));
}
