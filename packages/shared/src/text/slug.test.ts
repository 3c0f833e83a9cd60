import { describe, expect, it } from 'vitest';
import { articlePath, parseArticleId, shortPath, slugify, SLUG_MAX_LENGTH } from './slug.ts';

describe('slugify', () => {
  it('strips markup and Persian and Latin punctuation, joining words with hyphens', () => {
    expect(slugify('<b>سلام،</b> دنیا! «خبر» مهم؟ (ویژه)؛ پایان.')).toBe('سلام-دنیا-خبر-مهم-ویژه-پایان');
  });

  it('turns ZWNJ into a hyphen', () => {
    expect(slugify('می‌شود کتاب‌ها')).toBe('می-شود-کتاب-ها');
  });

  it('normalises Arabic letters, diacritics, digits and Latin case', () => {
    expect(slugify('كتاب عَلي ١٤٠٥ News')).toBe('کتاب-علی-1405-news');
  });

  it('collapses and trims hyphens', () => {
    expect(slugify(' -- خبر --- فوری -- ')).toBe('خبر-فوری');
    expect(slugify('!!! ؟؟ ...')).toBe('');
    expect(slugify('')).toBe('');
  });

  it('drops symbols and emoji', () => {
    expect(slugify('خبر 🔴 فوری #تهران @x 50%')).toBe('خبر-فوری-تهران-x-50');
  });

  it('cuts to 100 characters without ending on a hyphen', () => {
    const title = 'واژه '.repeat(40); // "واژه-" repeats; position 100 falls right after a hyphen
    const slug = slugify(title);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug.length).toBe(99);
    expect(slugify('ا'.repeat(150))).toHaveLength(100);
  });
});

describe('articlePath and shortPath', () => {
  it('builds /article/{slug}-{id}', () => {
    expect(articlePath({ id: 42, title: 'سلام، دنیا!' })).toBe('/article/سلام-دنیا-42');
  });

  it('falls back to /article/{id} when the title has no slug', () => {
    expect(articlePath({ id: 42, title: '؟!' })).toBe('/article/42');
    expect(articlePath({ id: 7 })).toBe('/article/7');
  });

  it('builds the short link', () => {
    expect(shortPath(42)).toBe('/s/42');
  });

  it('round-trips through parseArticleId, also percent-encoded', () => {
    const path = articlePath({ id: 1405, title: 'خبر سال ۱۴۰۴' });
    expect(parseArticleId(path)).toBe(1405);
    expect(parseArticleId(encodeURI(path))).toBe(1405);
    expect(parseArticleId(shortPath(9))).toBe(9);
  });
});

describe('parseArticleId', () => {
  it('reads the trailing id of the accepted forms', () => {
    expect(parseArticleId('/article/salam-donya-42')).toBe(42);
    expect(parseArticleId('/article/42')).toBe(42);
    expect(parseArticleId('/s/42')).toBe(42);
    expect(parseArticleId('/article/42/')).toBe(42);
    expect(parseArticleId('slug-42')).toBe(42);
    expect(parseArticleId('42')).toBe(42);
  });

  it('decodes percent-encoded addresses', () => {
    expect(parseArticleId('/article/%D8%B3%D9%84%D8%A7%D9%85-42')).toBe(42);
    expect(parseArticleId('%2Farticle%2F%D8%B3%D9%84%D8%A7%D9%85-42')).toBe(42);
    expect(parseArticleId('/article/%25D8%25B3-42')).toBe(42); // encoded twice
  });

  it('tolerates malformed percent-encoding without throwing', () => {
    expect(() => parseArticleId('/article/%E0%A4%A')).not.toThrow();
    expect(parseArticleId('/article/%E0%A4%A')).toBeNull();
    expect(parseArticleId('/article/%E0%A4%A-12')).toBe(12);
    expect(parseArticleId('/article/%%%-5')).toBe(5);
  });

  it('ignores origin, query and fragment', () => {
    expect(parseArticleId('https://chapar.ir/article/a-b-9?utm=x#c')).toBe(9);
    expect(parseArticleId('/s/9?ref=tg')).toBe(9);
  });

  it('reads the site\'s own addresses quickly, exactly as the full parse reads them', () => {
    // A query makes the full parse run (the quick one takes only bare paths); it strips the query.
    const full = (path: string) => parseArticleId(`${path}?from=test`);
    const slugs = ['', 'a', 'abc', 'x-', '-', '%D8%B3%D9%84%D8%A7%D9%85', '%E0%A4%A', '%%%', 'a%2Fb', 'a/b', '12', '0', 'a-0', '%31', 'x%2D', 'ab c', '.'];
    const ids = ['1', '42', '007', '0', '9007199254740993', '45/', '4%35', '۴۲', '42//'];
    for (const slug of slugs) {
      for (const id of ids) {
        for (const joiner of ['-', '/', '']) {
          for (const head of ['/article/', '/Article/', '/articles/']) {
            const path = `${head}${slug}${joiner}${id}`;
            expect(parseArticleId(path), path).toBe(full(path));
          }
        }
      }
    }
    expect(parseArticleId(articlePath({ id: 45, title: 'سازمان هواشناسی و وزارت بهداشت درباره آلودگی هوای شهرهای بزرگ هشدار دادند' }))).toBe(45);
    expect(parseArticleId('/article/x-0')).toBeNull();
    expect(parseArticleId('/article/x-9007199254740993')).toBeNull();
  });

  it('accepts Persian digits', () => {
    expect(parseArticleId('/s/۴۲')).toBe(42);
    expect(parseArticleId('/article/خبر-۴۲')).toBe(42);
  });

  it('returns null when there is no article id', () => {
    expect(parseArticleId('/article/')).toBeNull();
    expect(parseArticleId('/article/no-id')).toBeNull();
    expect(parseArticleId('/article/abc42')).toBeNull();
    expect(parseArticleId('/s/slug-42')).toBeNull();
    expect(parseArticleId('/category/42')).toBeNull();
    expect(parseArticleId('/article/0')).toBeNull();
    expect(parseArticleId('/article/99999999999999999999')).toBeNull();
    // Past the integer column: no article, in either of the parser's paths.
    expect(parseArticleId('/article/slug-2147483648')).toBeNull();
    expect(parseArticleId('/s/2147483648')).toBeNull();
    expect(parseArticleId('/s/2147483647')).toBe(2_147_483_647);
    expect(parseArticleId('')).toBeNull();
    expect(parseArticleId(null)).toBeNull();
  });
});
