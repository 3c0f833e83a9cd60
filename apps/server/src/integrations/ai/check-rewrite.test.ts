import { describe, expect, it } from 'vitest';
import { toRewriteCategory } from './category-rules.ts';
import { checkRewrite, extractNumbers, findMissingNumbers, sanitizeArticleHtml } from './check-rewrite.ts';
import { RewriteError } from './types.ts';

const SOURCE = 'قیمت هر سکه امامی به ۱۲۸٬۵۰۰٬۰۰۰ ریال رسید و نرخ تورم ۳۸٫۲ درصد اعلام شد؛ ثبت‌نام از ۰۱/۰۹/۱۴۰۵ آغاز می‌شود.';
const good = {
  title: 'سکه امامی ۱۲۸٬۵۰۰٬۰۰۰ ریال شد',
  excerpt: 'قیمت سکه امامی افزایش یافت و تورم ۳۸.۲ درصد اعلام شد.',
  content: '<p>قیمت هر سکه امامی به 128,500,000 ریال رسید.</p><p>نرخ تورم ۳۸.۲ درصد است و ثبت‌نام از ۱۴۰۵/۹/۱ آغاز می‌شود.</p>',
  category: 'Economy',
  keywords: ['سکه', 'تورم'],
  metaDescription: 'سکه امامی گران شد.',
};

function rejection(candidate: unknown): RewriteError {
  try {
    checkRewrite(candidate, SOURCE);
  } catch (error) {
    expect(error).toBeInstanceOf(RewriteError);
    return error as RewriteError;
  }
  throw new Error('expected a rejection');
}

describe('numbers', () => {
  it('normalises Persian and Arabic digits, separators and leading zeros', () => {
    expect(extractNumbers('۱۲۸٬۵۰۰٬۰۰۰ و 1,250 و ٣٤ و ۰۵')).toEqual(['128500000', '1250', '34', '5']);
    expect(extractNumbers('۳۸٫۲ درصد')).toEqual(['38', '2']);
    expect(extractNumbers('بدون عدد')).toEqual([]);
  });

  it('finds numbers missing from the output whatever digits it uses', () => {
    expect(findMissingNumbers(SOURCE, good.content + good.title)).toEqual([]);
    expect(findMissingNumbers('۲۵ آذر و ۲ روز', 'بیست و پنجم آذر و 2 روز')).toEqual(['25']);
  });
});

describe('sanitizeArticleHtml', () => {
  it('keeps the article tags and drops everything else', () => {
    const html = sanitizeArticleHtml(
      '<h2 class="x">عنوان</h2><p style="color:red">متن <a href="https://example.com" onclick="steal()">پیوند</a> <a href="javascript:alert(1)">بد</a></p>' +
        '<script>alert(1)</script><iframe src="https://evil.test"></iframe><figure><img src="https://cdn.test/a.jpg" alt="تصویر" onerror="x()"></figure><p></p><table><tr><td>خانه</td></tr></table>',
    );
    expect(html).toBe(
      '<h2>عنوان</h2><p>متن <a href="https://example.com">پیوند</a> <a>بد</a></p><figure><img src="https://cdn.test/a.jpg" alt="تصویر" /></figure>خانه',
    );
  });

  it('turns plain text and bare inline markup into paragraphs', () => {
    expect(sanitizeArticleHtml('خط اول\n\nخط ۲ > ۱')).toBe('<p>خط اول</p>\n<p>خط ۲ &gt; ۱</p>');
    expect(sanitizeArticleHtml('متن <strong>مهم</strong>')).toBe('<p>متن <strong>مهم</strong></p>');
    expect(sanitizeArticleHtml('<script>alert(1)</script>')).toBe('');
  });
});

describe('checkRewrite', () => {
  it('accepts a good candidate', () => {
    const result = checkRewrite(good, SOURCE);
    expect(result.category).toBe('Economy');
    expect(result.metaDescription).toBe('سکه امامی گران شد.');
  });

  it('rejects a dropped number with the numbers named', () => {
    const error = rejection({ ...good, excerpt: 'سکه و تورم بالا رفت.', content: '<p>قیمت سکه امامی به 128,500,000 ریال رسید و تورم بالا رفت.</p>' });
    expect(error.code).toBe('numbers_dropped');
    expect(error.missingNumbers).toEqual(['38', '2', '1', '9', '1405']);
  });

  it('rejects a wrong shape, bad lengths and empty content', () => {
    expect(rejection({ title: 'x' }).code).toBe('invalid_output');
    expect(rejection({ ...good, title: 'کوتاه' }).message).toMatch(/title/);
    expect(rejection({ ...good, excerpt: 'ب'.repeat(301) }).message).toMatch(/excerpt/);
    expect(rejection({ ...good, content: '<script>x</script>' }).message).toMatch(/content is empty/);
  });

  it('shortens a long meta description instead of rejecting it, and fills a missing one', () => {
    const long = checkRewrite({ ...good, metaDescription: 'سکه امامی '.repeat(30) }, SOURCE);
    expect(long.metaDescription.length).toBeLessThanOrEqual(150);
    expect(long.metaDescription.endsWith('…')).toBe(true);
    const { metaDescription: _drop, ...withoutMeta } = good;
    expect(checkRewrite(withoutMeta, SOURCE).metaDescription).toBe(good.excerpt);
  });
});

describe('toRewriteCategory', () => {
  it('maps English and Persian names onto the six', () => {
    expect(toRewriteCategory('sports')).toBe('Sports');
    expect(toRewriteCategory('ورزشی')).toBe('Sports');
    expect(toRewriteCategory('سياسي')).toBe('Politics');
    expect(toRewriteCategory('فرهنگ و هنر')).toBe('Culture');
    expect(toRewriteCategory('سلامت')).toBe('Health');
    expect(toRewriteCategory('تکنولوژی')).toBe('Technology');
    expect(toRewriteCategory('اقتصاد')).toBe('Economy');
    expect(toRewriteCategory('International')).toBeUndefined();
    expect(toRewriteCategory(42)).toBeUndefined();
  });
});
