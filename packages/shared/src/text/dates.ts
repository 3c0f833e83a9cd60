// Jalali (Persian calendar) dates and Persian relative times, all through Intl so
// month names and digits come from the platform's fa-IR data.
import { formatNumberFa } from './digits.ts';

export type DateInput = Date | string | number;

/** Tehran time: an article published at 23:30 Tehran must show Tehran's date everywhere. */
export const SITE_TIME_ZONE = 'Asia/Tehran';
const LOCALE = 'fa-IR-u-ca-persian';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Clocks of server and browser drift; a date slightly in the future is still "now".
const FUTURE_TOLERANCE = 5 * MINUTE;
// Beyond this a relative time ("۴۵ روز پیش") reads worse than the date itself.
const RELATIVE_LIMIT_DAYS = 30;

/** Date | ISO string | epoch ms → Date, or null when it does not denote a valid time. */
export function toDate(input: DateInput | null | undefined): Date | null {
  if (input === null || input === undefined || input === '') return null;
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
// Intl.DateTimeFormat construction is slow; cache one per distinct option set.
function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE, options);
    formatters.set(key, f);
  }
  return f;
}

/**
 * '۱ آذر ۱۴۰۵'. Options extend or override the defaults (including timeZone).
 * An invalid date gives '' so one bad row never breaks a rendered page.
 */
export function formatJalaliDate(date: DateInput, opts: Intl.DateTimeFormatOptions = {}): string {
  const d = toDate(date);
  if (!d) return '';
  return formatter({ day: 'numeric', month: 'long', year: 'numeric', timeZone: SITE_TIME_ZONE, ...opts }).format(d);
}

/** '۱ آذر ۱۴۰۵ ساعت ۱۳:۳۰' (exact wording between date and time comes from ICU). */
export function formatJalaliDateTime(date: DateInput, opts: Intl.DateTimeFormatOptions = {}): string {
  return formatJalaliDate(date, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...opts });
}

/**
 * 'لحظاتی پیش', '۵ دقیقه پیش', '۳ ساعت پیش', '۲ روز پیش'; from 30 days on, and for
 * dates clearly in the future, the Jalali date instead.
 */
export function formatRelativeFa(date: DateInput, now: DateInput = new Date()): string {
  const d = toDate(date);
  const n = toDate(now);
  if (!d || !n) return '';
  const diff = n.getTime() - d.getTime();
  if (diff < -FUTURE_TOLERANCE) return formatJalaliDate(d);
  if (diff < MINUTE) return 'لحظاتی پیش';
  if (diff < HOUR) return `${formatNumberFa(Math.floor(diff / MINUTE))} دقیقه پیش`;
  if (diff < DAY) return `${formatNumberFa(Math.floor(diff / HOUR))} ساعت پیش`;
  const days = Math.floor(diff / DAY);
  if (days < RELATIVE_LIMIT_DAYS) return `${formatNumberFa(days)} روز پیش`;
  return formatJalaliDate(d);
}
