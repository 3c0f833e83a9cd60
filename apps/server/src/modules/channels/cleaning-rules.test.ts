import { describe, expect, it } from 'vitest';
import { cleanArticleHtml } from './clean-article-html.ts';
import { applyCleaningRules, compileRules } from './cleaning-rules.ts';

describe('channel cleaning rules', () => {
  const rules = compileRules('akhbar_rooz', { signatures: ['@akhbar_rooz', 'کانال اخبار روز'], adMarkers: ['#ویژه_فروش'] });

  it('drops the signature and join lines of a post, keeps the story', () => {
    const text = 'خبر مهم امروز درباره بودجه\nمتن خبر با جزئیات.\n\n🆔 @akhbar_rooz\n👈 به کانال ما بپیوندید';
    expect(applyCleaningRules(text, rules)).toBe('خبر مهم امروز درباره بودجه\nمتن خبر با جزئیات.');
  });

  it('finds the channel\'s own ad markers and the defaults a row leaves out', () => {
    expect(rules.adMarkerIn('حراج #ویژه_فروش امروز')).toBe('#ویژه_فروش');
    expect(compileRules('x_news', null).adMarkerIn('با کد تخفیف ما بخرید')).toBe('کد تخفیف');
    expect(rules.adMarkerIn('گزارش درباره بازار تبلیغات تلویزیونی')).toBeUndefined();
  });

  it('survives a broken pattern an admin typed', () => {
    const broken = compileRules('akhbar_rooz', { joinPatterns: ['([unclosed'] });
    expect(broken.isJoinLine('هر چیزی')).toBe(false);
  });

  it('cleans an article already published', () => {
    const html = '<p>متن خبر درباره بودجه با ارجاع به @akhbar_rooz در میانه.</p><p>🆔 @akhbar_rooz</p><p>لینک: <a href="https://t.me/akhbar_rooz">عضویت در کانال</a></p>';
    const { html: cleaned, removed } = cleanArticleHtml(html, rules);
    expect(cleaned).toBe('<p>متن خبر درباره بودجه با ارجاع به در میانه.</p>');
    expect(removed).toBeGreaterThan(1);
  });
});
