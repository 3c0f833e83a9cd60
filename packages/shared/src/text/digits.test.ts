import { describe, expect, it } from 'vitest';
import { formatNumberFa, toAsciiDigits, toPersianDigits } from './digits.ts';

describe('toPersianDigits', () => {
  it('converts numbers and ASCII or Arabic-Indic digits in strings', () => {
    expect(toPersianDigits(1405)).toBe('۱۴۰۵');
    expect(toPersianDigits('ساعت 13:30')).toBe('ساعت ۱۳:۳۰');
    expect(toPersianDigits('٠١٢٣٤٥٦٧٨٩')).toBe('۰۱۲۳۴۵۶۷۸۹');
    expect(toPersianDigits('0123456789')).toBe('۰۱۲۳۴۵۶۷۸۹');
  });

  it('changes digits only, wherever they are, and leaves a text without them as it is', () => {
    expect(toPersianDigits('بدون رقم')).toBe('بدون رقم');
    expect(toPersianDigits('')).toBe('');
    expect(toPersianDigits('7 روز و 12')).toBe('۷ روز و ۱۲');
    expect(toPersianDigits('۱۴۰۵/9/3')).toBe('۱۴۰۵/۹/۳');
    // The characters either side of each digit range stay: / and : (ASCII), U+065F and U+066A.
    expect(toPersianDigits('/:\u065f\u066a')).toBe('/:\u065f\u066a');
    expect(toPersianDigits(-3.5)).toBe('-۳.۵');
  });
});

describe('toAsciiDigits', () => {
  it('converts Persian and Arabic-Indic digits and leaves the rest', () => {
    expect(toAsciiDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(toAsciiDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toAsciiDigits('سال ۱۴۰۵ و 2026')).toBe('سال 1405 و 2026');
  });

  it('round-trips with toPersianDigits', () => {
    expect(toAsciiDigits(toPersianDigits('a1b22c333'))).toBe('a1b22c333');
  });
});

describe('formatNumberFa', () => {
  it('uses Persian digits and the Persian thousands separator', () => {
    expect(formatNumberFa(1234)).toBe('۱٬۲۳۴');
    expect(formatNumberFa(0)).toBe('۰');
    expect(formatNumberFa(1234567)).toBe('۱٬۲۳۴٬۵۶۷');
  });

  it('accepts Intl options', () => {
    expect(formatNumberFa(1234.567, { maximumFractionDigits: 1 })).toBe('۱٬۲۳۴٫۶');
  });
});

describe('formatNumberFa without Intl', () => {
  const intl = new Intl.NumberFormat('fa-IR');
  it('formats exactly as Intl fa-IR: integers, fractions, negatives, big integers', () => {
    const values: Array<number | bigint> = [0, 1, 9, 10, 999, 1000, 1234, 99_999, 100_000, 1_234_567, 2 ** 53 - 1, 1e20, -1, -1234.5, 0.1 + 0.2, 1.0005, 2.5, 12.3456, 0.0004, 0.0005, -0.0004, 12n, -1234567890123456789n];
    let seed = 7;
    const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 5000; i++) values.push(Math.round((rand() - 0.3) * 10 ** Math.floor(rand() * 10)) / 10 ** Math.floor(rand() * 6));
    const mismatches = values.filter((v) => formatNumberFa(v) !== intl.format(v)).map(String);
    expect(mismatches).toEqual([]);
  });

  it('leaves the rare cases to Intl: infinities, NaN, huge numbers, negative zero', () => {
    for (const v of [Infinity, -Infinity, NaN, 1e22, -0]) expect(formatNumberFa(v)).toBe(intl.format(v));
  });
});

