import { describe, expect, it } from 'vitest';
import {
  ADMIN_CATEGORY_SLUGS, CATEGORIES, CATEGORY_SLUGS, categoryFaName, categorySlug, findCategory,
} from './categories.ts';

describe('category constants', () => {
  it('lists the eight slugs of spec 01 in order', () => {
    expect(CATEGORY_SLUGS).toEqual([
      'politics', 'economy', 'technology', 'health', 'culture', 'sports', 'international', 'education',
    ]);
    expect(CATEGORIES.map((c) => c.slug)).toEqual([...CATEGORY_SLUGS]);
  });

  it('has the English and Persian names and a Persian description for each', () => {
    expect(CATEGORIES.map((c) => c.name)).toEqual([
      'Politics', 'Economy', 'Technology', 'Health', 'Culture', 'Sports', 'International', 'Education',
    ]);
    expect(CATEGORIES.map((c) => c.nameFa)).toEqual([
      'سیاست', 'اقتصاد', 'فناوری', 'سلامت', 'فرهنگ', 'ورزش', 'بین\u200cالملل', 'آموزش',
    ]);
    for (const c of CATEGORIES) expect(c.description).toMatch(/^[\u0600-\u06ff][^]*\.$/);
  });

  it('gives the admin lists only the first six', () => {
    expect(ADMIN_CATEGORY_SLUGS).toEqual(['politics', 'economy', 'technology', 'health', 'culture', 'sports']);
  });
});

describe('categoryFaName', () => {
  it('matches slug or English name in any case', () => {
    expect(categoryFaName('Politics')).toBe('سیاست');
    expect(categoryFaName('politics')).toBe('سیاست');
    expect(categoryFaName('ECONOMY')).toBe('اقتصاد');
    expect(categoryFaName(' International ')).toBe('بین\u200cالملل');
  });

  it('accepts the Persian name, even in Arabic spelling', () => {
    expect(categoryFaName('سياست')).toBe('سیاست');
  });

  it('defaults to عمومی', () => {
    expect(categoryFaName('other')).toBe('عمومی');
    expect(categoryFaName('')).toBe('عمومی');
    expect(categoryFaName(undefined)).toBe('عمومی');
  });
});

describe('categorySlug', () => {
  it('lower-cases English names and maps Persian names to their slug', () => {
    expect(categorySlug('Politics')).toBe('politics');
    expect(categorySlug('ورزش')).toBe('sports');
    expect(categorySlug('Breaking News')).toBe('breaking news');
  });

  it('findCategory returns undefined for unknown values', () => {
    expect(findCategory('weather')).toBeUndefined();
    expect(findCategory('tech')).toBeUndefined();
    expect(findCategory('Technology')?.slug).toBe('technology');
  });

  it('findCategory finds each category by its keys as written and in any other form', () => {
    for (const c of CATEGORIES) {
      for (const key of [c.slug, c.name, c.nameFa]) {
        expect(findCategory(key)).toBe(c);
        expect(findCategory(` ${key.toUpperCase()} `)).toBe(c);
      }
    }
    // Arabic yeh and kaf for the Persian letters.
    expect(findCategory('سياست')?.slug).toBe('politics');
  });
});
