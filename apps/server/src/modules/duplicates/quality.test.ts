import { describe, expect, it } from 'vitest';
import { scoreArticle } from './quality.ts';

const LEAD = 'به گزارش خبرگزاری ایرنا، وزیر نیرو روز دوشنبه در شهر اصفهان اعلام کرد که ۳ سد تازه تا پایان مهر به بهره‌برداری می‌رسد.';
const MORE = 'او افزود: «این طرح‌ها آب آشامیدنی ۲ میلیون نفر را تأمین می‌کند و ساخت آن‌ها ۴ سال طول کشید.» رئیس سازمان آب استان اصفهان نیز گفت که کار لوله‌کشی از هفتهٔ آینده آغاز می‌شود.';

describe('scoreArticle', () => {
  it('reads the lead from the first paragraph and counts a quotation as a stated source', () => {
    const body = `<p>${LEAD}</p><p>${MORE}</p><p>${MORE}</p>`;
    const score = scoreArticle({ title: 'سه سد تازه در اصفهان', content: body });
    expect(score.issues).not.toContain('لید (پاراگراف نخست) خلاصهٔ روشنی از خبر نمی‌دهد.');
    expect(score.issues).not.toContain('متن یک پاراگراف است و بخش‌بندی ندارد.');
    expect(score.structureScore).toBe(10);
    expect(score.factualContentScore).toBeGreaterThan(6);
  });

  it('names a missing source, a one-paragraph text and a short lead', () => {
    const score = scoreArticle({ title: 'خبر', content: '<p>یک خبر کوتاه.</p>' });
    expect(score.issues).toEqual(expect.arrayContaining([
      'منبع خبر یا گویندهٔ سخن ذکر نشده است.',
      'متن یک پاراگراف است و بخش‌بندی ندارد.',
      'لید (پاراگراف نخست) خلاصهٔ روشنی از خبر نمی‌دهد.',
    ]));
  });

  it('takes a <pre> block for what it is, not for the first paragraph', () => {
    const score = scoreArticle({ title: 'خبر', content: `<pre>کد</pre><p>${LEAD}</p><p>${MORE}</p>` });
    expect(score.issues).not.toContain('لید (پاراگراف نخست) خلاصهٔ روشنی از خبر نمی‌دهد.');
  });

  // The duplicate checks score every article they compare: a body of lone quotation marks or
  // unclosed paragraphs once took seconds at 20,000 characters and minutes at 200,000.
  it.each([['«', '«'.repeat(200_000)], ['<p>', '<p>'.repeat(70_000)], ['<p ', '<p '.repeat(70_000)]])('scores 200,000 characters of %j in linear time', (_unit, content) => {
    const start = performance.now();
    const score = scoreArticle({ title: 'خبر', content });
    expect(performance.now() - start).toBeLessThan(1_000);
    expect(score.overallScore).toBeLessThan(6);
  });
});
