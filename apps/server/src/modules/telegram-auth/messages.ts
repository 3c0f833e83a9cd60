// Persian texts of the Telegram login (spec 03 §2.7, §8: the admin screen shows
// the server's message after the word 'error', so every message is a full sentence).
import { TELEGRAM_AUTH_MESSAGES, TELEGRAM_CODE_INTERVAL_HOURS } from '@chapar/shared/contracts';
import { formatJalaliDateTime, formatNumberFa } from '@chapar/shared/text';
import { persianWait } from '../../integrations/telegram/mtproto/index.ts';

const hours = formatNumberFa(TELEGRAM_CODE_INTERVAL_HOURS);

/** Latin inside a Persian sentence (hosts, variable names, numbers): FSI…PDI, so it does not mirror. */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/** How GramJS reaches Telegram, for naming the likely cause when it cannot. */
export interface TelegramReach {
  /** 'SOCKS5 127.0.0.1:1080' or 'MTProto host:443'; null when it connects directly. */
  via: string | null;
  /** TELEGRAM_PROXY_URL is an HTTP proxy, which carries pages and media but not MTProto. */
  httpProxyOnly: boolean;
}

const when = (at: Date, now: Date) => `${formatJalaliDateTime(at)} (${persianWait((at.getTime() - now.getTime()) / 1000)} دیگر)`;

function proxyHint(reach: TelegramReach): string {
  const set = `یک پراکسی ${isolate('SOCKS5')} در ${isolate('TELEGRAM_PROXY_URL')} یا یک پراکسی ${isolate('MTProto')} در ${isolate('TELEGRAM_MTPROTO_PROXY')} تنظیم کنید و سرور را دوباره راه بیندازید.`;
  return reach.httpProxyOnly ? `پراکسی ${isolate('HTTP')} فقط صفحه‌ها و رسانه‌ها را می‌رساند، نه ورود به تلگرام را؛ ${set}` : set;
}

const checkProxy = (via: string) => `پراکسی ${isolate(via)} را بررسی کنید: شاید خاموش است، نشانی یا رمز آن درست نیست، یا خودش به تلگرام نمی‌رسد.`;
const filtered = 'احتمالاً تلگرام از این سرور در دسترس نیست (شاید فیلتر شده است).';

export const TEXT = {
  ...TELEGRAM_AUTH_MESSAGES,
  phoneStep: 'برای استفاده از حساب تلگرام سایت، شماره تلفن آن را وارد کنید',
  codeStep: (phone: string) => `کد ۵ رقمی ارسال‌شده به ${isolate(phone)} را وارد کنید`,
  passwordStep: 'این حساب تأیید دومرحله‌ای دارد؛ رمز آن را وارد کنید',
  authenticated: (name: string) => `به تلگرام وصل است${name ? `: ${name}` : ''}`,
  codeSent: (phone: string) => `کد تأیید به ${isolate(phone)} ارسال شد`,
  passwordNeeded: 'کد درست بود؛ این حساب رمز دومرحله‌ای دارد',
  loggedIn: 'ورود به تلگرام با موفقیت انجام شد',
  loggedOut: 'از تلگرام خارج شدید و نشست ذخیره‌شده پاک شد',
  alreadyLoggedIn: 'حساب تلگرام از قبل وارد شده است؛ برای ورود دوباره ابتدا خارج شوید',
  noCodeRequested: 'ابتدا شماره تلفن را وارد کنید تا کد تأیید ارسال شود',
  noPasswordNeeded: 'در این مرحله رمز دومرحله‌ای لازم نیست',
  codeTooSoon: (allowedAt: Date, now: Date, phone: string) =>
    `کد تأیید برای هر شماره فقط هر ${hours} ساعت یک بار قابل درخواست است. درخواست بعدی برای ${isolate(phone)} از ${when(allowedAt, now)} ممکن است؛ `
    + 'برای شماره‌ای دیگر همین حالا می‌توانید کد بخواهید.',
  codeAttemptsUsed: (limit: number, allowedAt: Date, now: Date) =>
    `کد تأیید ${formatNumberFa(limit)} بار اشتباه وارد شد؛ برای محافظت از حساب، کد دیگری برای این درخواست به تلگرام فرستاده نمی‌شود. `
    + (allowedAt > now ? `کد تازه برای این شماره از ${when(allowedAt, now)} قابل درخواست است. ` : 'کد تازه‌ای درخواست کنید. ')
    + 'اگر شماره اشتباه بوده، درخواست را لغو کنید و شماره دیگری وارد کنید.',
  passwordAttemptsUsed: (limit: number, minutes: number, allowedAt: Date, now: Date) =>
    `رمز دومرحله‌ای ${formatNumberFa(limit)} بار در ${formatNumberFa(minutes)} دقیقه اشتباه وارد شد؛ برای محافظت از حساب، `
    + `تا ${when(allowedAt, now)} رمز دیگری به تلگرام فرستاده نمی‌شود.`,
  cancelled: 'درخواست کد لغو شد؛ شماره تلفن را وارد کنید',
  nothingToCancel: 'درخواست کدی در جریان نیست',
  codeInvalid: 'کد تأیید اشتباه است. دوباره تلاش کنید.',
  codeExpired: 'کد تأیید منقضی شده است؛ پس از پایان محدودیت درخواست کد، دوباره شماره را وارد کنید',
  passwordInvalid: 'رمز دومرحله‌ای اشتباه است. دوباره تلاش کنید.',
  phoneRejected: 'تلگرام این شماره تلفن را نپذیرفت؛ شماره را بررسی کنید',
  phoneBanned: 'این شماره در تلگرام مسدود شده است',
  signUpRequired: 'این شماره حساب تلگرام ندارد؛ ابتدا با اپ تلگرام حساب بسازید',
  unreachable: (reach: TelegramReach) =>
    (reach.via ? `ارتباط با تلگرام از راه پراکسی برقرار نشد. ${checkProxy(reach.via)}` : `ارتباط با تلگرام برقرار نشد. ${filtered} ${proxyHint(reach)}`),
  noAnswer: (seconds: number, reach: TelegramReach) => (reach.via
    ? `تلگرام در ${formatNumberFa(seconds)} ثانیه از راه پراکسی پاسخ نداد. ${checkProxy(reach.via)}`
    : `تلگرام در ${formatNumberFa(seconds)} ثانیه پاسخ نداد. ${filtered} ${proxyHint(reach)}`),
  rejected: (rpcError: string) => `تلگرام درخواست را نپذیرفت (${isolate(rpcError)})`,
  sessionLost: 'نشست تلگرام دیگر معتبر نیست؛ دوباره شماره تلفن را وارد کنید',
  revoked: 'نشست تلگرام از سوی تلگرام یا از دستگاه دیگری پایان یافته است؛ دوباره وارد شوید',
  unreadable: `نشست ذخیره‌شده تلگرام با ${isolate('SESSION_SECRET')} فعلی باز نمی‌شود (کلید عوض شده است)؛ دوباره وارد شوید`,
};

/** '+989121234567' → '+********4567': enough to recognise the number, not to use it. */
export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '').length;
  let seen = 0;
  return phone.replace(/\d/g, (d) => (++seen > digits - 4 ? d : '*'));
}
