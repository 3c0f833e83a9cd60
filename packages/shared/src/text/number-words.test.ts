import { describe, expect, it } from 'vitest';
import { decimalToWordsFa, digitsToWordsFa, integerToWordsFa, ordinalToWordsFa } from './number-words.ts';

describe('integers as Persian words', () => {
  it.each([
    [0, 'صفر'], [1, 'یک'], [7, 'هفت'], [10, 'ده'], [11, 'یازده'], [15, 'پانزده'], [19, 'نوزده'], [20, 'بیست'],
    [21, 'بیست و یک'], [99, 'نود و نه'], [100, 'صد'], [101, 'صد و یک'], [110, 'صد و ده'], [200, 'دویست'],
    [345, 'سیصد و چهل و پنج'], [500, 'پانصد'], [999, 'نهصد و نود و نه'], [1000, 'هزار'], [1001, 'هزار و یک'],
    [1403, 'هزار و چهارصد و سه'], [2024, 'دو هزار و بیست و چهار'], [12_000, 'دوازده هزار'],
    [58_500, 'پنجاه و هشت هزار و پانصد'], [100_000, 'صد هزار'], [1_000_000, 'یک میلیون'],
    [1_250_000, 'یک میلیون و دویست و پنجاه هزار'], [1_000_000_000, 'یک میلیارد'],
    [2_500_000_000, 'دو میلیارد و پانصد میلیون'], [3_000_000_001, 'سه میلیارد و یک'],
    [987_654_321_012, 'نهصد و هشتاد و هفت میلیارد و ششصد و پنجاه و چهار میلیون و سیصد و بیست و یک هزار و دوازده'],
    [-7, 'منفی هفت'],
  ])('%d → %s', (n, words) => {
    expect(integerToWordsFa(n)).toBe(words);
  });

  it('reads strings and bigints the same, and beyond the trillions digit by digit', () => {
    expect(integerToWordsFa('0045')).toBe('چهل و پنج');
    expect(integerToWordsFa(5_000_000_000_000n)).toBe('پنج تریلیون');
    expect(integerToWordsFa('1234567890123456')).toBe('یک دو سه چهار پنج شش هفت هشت نه صفر یک دو سه چهار پنج شش');
    expect(() => integerToWordsFa('12a')).toThrow(RangeError);
  });
});

describe('decimals, digits and ordinals', () => {
  it('reads the decimal mark as ممیز and keeps leading zeros of the fraction', () => {
    expect(decimalToWordsFa('2.5')).toBe('دو ممیز پنج');
    expect(decimalToWordsFa('0.75')).toBe('صفر ممیز هفتاد و پنج');
    expect(decimalToWordsFa('1.05')).toBe('یک ممیز صفر پنج');
    expect(decimalToWordsFa('3/2')).toBe('سه ممیز دو');
    expect(decimalToWordsFa('12٫25')).toBe('دوازده ممیز بیست و پنج');
    expect(decimalToWordsFa('-1.5')).toBe('منفی یک ممیز پنج');
  });

  it('reads a phone-like string digit by digit', () => {
    expect(digitsToWordsFa('0912')).toBe('صفر نه یک دو');
  });

  it.each([
    [1, 'یکم'], [2, 'دوم'], [3, 'سوم'], [4, 'چهارم'], [10, 'دهم'], [13, 'سیزدهم'], [15, 'پانزدهم'],
    [21, 'بیست و یکم'], [23, 'بیست و سوم'], [30, 'سی\u200cام'], [31, 'سی و یکم'], [100, 'صدم'],
  ])('ordinal %d → %s', (n, words) => {
    expect(ordinalToWordsFa(n)).toBe(words);
  });

  it('has the attributive form and the natural first', () => {
    expect(ordinalToWordsFa(3, { suffix: 'مین' })).toBe('سومین');
    expect(ordinalToWordsFa(20, { suffix: 'مین' })).toBe('بیستمین');
    expect(ordinalToWordsFa(30, { suffix: 'مین' })).toBe('سی\u200cامین');
    expect(ordinalToWordsFa(1, { first: true })).toBe('اول');
    expect(ordinalToWordsFa(1, { suffix: 'مین', first: true })).toBe('نخستین');
  });
});
