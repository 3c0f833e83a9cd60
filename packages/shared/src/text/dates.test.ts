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
