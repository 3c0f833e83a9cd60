import { describe, expect, it } from 'vitest';
import { formatJalaliDate, formatJalaliDateTime, formatRelativeFa, toDate } from './dates.ts';

const NOW = new Date('2026-11-22T10:00:00Z'); // 1 Azar 1405, 13:30 in Tehran
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('toDate', () => {
  it('accepts Date, ISO string and epoch ms, and rejects invalid input', () => {
    expect(toDate(NOW)?.getTime()).toBe(NOW.getTime());
    expect(toDate('2026-11-22T10:00:00Z')?.getTime()).toBe(NOW.getTime());
    expect(toDate(NOW.getTime())?.getTime()).toBe(NOW.getTime());
    expect(toDate('not a date')).toBeNull();
    expect(toDate('')).toBeNull();
    expect(toDate(null)).toBeNull();
  });
});

describe('formatJalaliDate', () => {
  it('formats in the Persian calendar with Persian digits', () => {
    expect(formatJalaliDate(NOW)).toBe('۱ آذر ۱۴۰۵');
    expect(formatJalaliDate('2026-11-22T10:00:00Z')).toBe('۱ آذر ۱۴۰۵');
    expect(formatJalaliDate(NOW.getTime())).toBe('۱ آذر ۱۴۰۵');
  });

  it('uses Tehran time: 21:00 UTC is already the next day there', () => {
    expect(formatJalaliDate('2026-11-21T21:00:00Z')).toBe('۱ آذر ۱۴۰۵');
    expect(formatJalaliDate('2026-11-21T20:00:00Z')).toBe('۳۰ آبان ۱۴۰۵');
    expect(formatJalaliDate('2026-11-21T21:00:00Z', { timeZone: 'UTC' })).toBe('۳۰ آبان ۱۴۰۵');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatJalaliDate('garbage')).toBe('');
  });
});

describe('formatJalaliDateTime', () => {
  it('includes the Tehran time of day', () => {
    const text = formatJalaliDateTime(NOW);
    expect(text).toContain('۱ آذر ۱۴۰۵');
    expect(text).toContain('۱۳:۳۰');
  });
});

describe('formatRelativeFa', () => {
  it('says "moments ago" under a minute', () => {
    expect(formatRelativeFa(NOW, NOW)).toBe('لحظاتی پیش');
    expect(formatRelativeFa(ago(59_999), NOW)).toBe('لحظاتی پیش');
    expect(formatRelativeFa(ago(-2 * MIN), NOW)).toBe('لحظاتی پیش'); // small clock drift
  });

  it('counts minutes, hours and days with Persian digits', () => {
    expect(formatRelativeFa(ago(MIN), NOW)).toBe('۱ دقیقه پیش');
    expect(formatRelativeFa(ago(5 * MIN + 30_000), NOW)).toBe('۵ دقیقه پیش');
    expect(formatRelativeFa(ago(59 * MIN), NOW)).toBe('۵۹ دقیقه پیش');
    expect(formatRelativeFa(ago(HOUR), NOW)).toBe('۱ ساعت پیش');
    expect(formatRelativeFa(ago(3 * HOUR), NOW)).toBe('۳ ساعت پیش');
    expect(formatRelativeFa(ago(DAY), NOW)).toBe('۱ روز پیش');
    expect(formatRelativeFa(ago(2 * DAY), NOW)).toBe('۲ روز پیش');
    expect(formatRelativeFa(ago(29 * DAY), NOW)).toBe('۲۹ روز پیش');
  });

  it('falls back to the Jalali date from 30 days on and for future dates', () => {
    expect(formatRelativeFa(ago(30 * DAY), NOW)).toBe(formatJalaliDate(ago(30 * DAY)));
    expect(formatRelativeFa(ago(30 * DAY), NOW)).toBe('۱ آبان ۱۴۰۵');
    expect(formatRelativeFa(ago(-HOUR), NOW)).toBe('۱ آذر ۱۴۰۵');
  });

  it('accepts strings and numbers for both arguments', () => {
    expect(formatRelativeFa('2026-11-22T07:00:00Z', NOW.getTime())).toBe('۳ ساعت پیش');
    expect(formatRelativeFa('nonsense', NOW)).toBe('');
  });
});

describe('the site\'s own Jalali format', () => {
  const intlDate = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Tehran' });
  const intlDateTime = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Tehran' });

  it('matches Intl\'s Persian calendar on every day from Tehran\'s fixed offset to 2060, leap years included', () => {
    const mismatches: string[] = [];
    for (let t = Date.UTC(2022, 8, 21, 19, 30); t < Date.UTC(2060, 0, 1); t += 6 * HOUR + 7 * MIN) {
      const d = new Date(t);
      if (formatJalaliDate(d) !== intlDate.format(d)) mismatches.push(d.toISOString());
    }
    expect(mismatches).toEqual([]);
    // 30 Esfand exists only in leap years (1403 is one, 1404 is not).
    expect(formatJalaliDate('2025-03-20T12:00:00Z')).toBe('۳۰ اسفند ۱۴۰۳');
    expect(formatJalaliDate('2026-03-20T12:00:00Z')).toBe('۲۹ اسفند ۱۴۰۴');
    expect(formatJalaliDate('2026-03-21T12:00:00Z')).toBe('۱ فروردین ۱۴۰۵');
  });

  it('matches Intl\'s date and time of day, minute by minute across days and months', () => {
    const mismatches: string[] = [];
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 17 * MIN + 13_000) {
      const d = new Date(t);
      if (formatJalaliDateTime(d) !== intlDateTime.format(d)) mismatches.push(d.toISOString());
    }
    expect(mismatches).toEqual([]);
  });

  it('still gives the right date before Tehran\'s clock settled (daylight saving time)', () => {
    // 23:30 UTC on 1 July 2021 was already 2 July (04:00) in Tehran under DST.
    expect(formatJalaliDate('2021-07-01T23:30:00Z')).toBe(intlDate.format(new Date('2021-07-01T23:30:00Z')));
    expect(formatJalaliDateTime('2021-07-01T23:30:00Z')).toBe(intlDateTime.format(new Date('2021-07-01T23:30:00Z')));
  });
});
