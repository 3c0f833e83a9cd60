import { describe, expect, it } from 'vitest';
import { formatNumberFa, toAsciiDigits, toPersianDigits } from './digits.ts';

describe('toPersianDigits', () => {
  it('converts numbers and ASCII or Arabic-Indic digits in strings', () => {
    expect(toPersianDigits(1405)).toBe('۱۴۰۵');
    expect(toPersianDigits('ساعت 13:30')).toBe('ساعت ۱۳:۳۰');
    expect(toPersianDigits('٠١٢٣٤٥٦٧٨٩')).toBe('۰۱۲۳۴۵۶۷۸۹');
    expect(toPersianDigits('0123456789')).toBe('۰۱۲۳۴۵۶۷۸۹');
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
