import { describe, expect, it } from 'vitest';
import { persianDigitsInText } from './persian-text.ts';

describe('persianDigitsInText', () => {
  it('writes the numbers of a reason in Persian digits and leaves Latin names alone', () => {
    expect(persianDigitsInText('تکراری مقالهٔ 54 (حذف توسط admin2)')).toBe('تکراری مقالهٔ ۵۴ (حذف توسط admin2)');
    expect(persianDigitsInText('پست 1010 از @news_24 در t.me/news24/7')).toBe('پست ۱۰۱۰ از @news_24 در t.me/news24/7');
    expect(persianDigitsInText('بدون عدد')).toBe('بدون عدد');
  });
});
