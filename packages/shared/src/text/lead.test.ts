import { describe, expect, it } from 'vitest';
import { excerptRepeatsLead, firstParagraphText } from './lead.ts';

const body = '<h2>خلاصه</h2><p>بانک مرکزی نرخ سود را <strong>ثابت</strong> نگه داشت. تصمیم تازه از شنبه اجرا می‌شود.</p><p>کارشناسان واکنش نشان دادند.</p>';

describe('the lead and the first paragraph', () => {
  it('reads the first paragraph of HTML or plain text', () => {
    expect(firstParagraphText(body)).toBe('بانک مرکزی نرخ سود را ثابت نگه داشت. تصمیم تازه از شنبه اجرا می‌شود.');
    expect(firstParagraphText('\nسطر اول خبر\nسطر دوم')).toBe('سطر اول خبر');
    expect(firstParagraphText('<figure><img src="/a.jpg" alt=""></figure>')).toBe('');
  });

  it('finds an excerpt that is the first paragraph, however it is spelled', () => {
    expect(excerptRepeatsLead('بانک مرکزی نرخ سود را ثابت نگه داشت. تصمیم تازه از شنبه اجرا می‌شود.', body)).toBe(true);
    // Arabic letters, a space for the ZWNJ, no final period: still the same words.
    expect(excerptRepeatsLead('بانك مركزي نرخ سود را ثابت نگه داشت. تصمیم تازه از شنبه اجرا می شود', body)).toBe(true);
  });

  it('finds an excerpt the first paragraph opens with, word for word', () => {
    expect(excerptRepeatsLead('بانک مرکزی نرخ سود را ثابت نگه داشت.', body)).toBe(true);
    // Not on a word's half: 'بانک مرکز' is not how the paragraph opens.
    expect(excerptRepeatsLead('بانک مرکز', body)).toBe(false);
  });

  it('keeps an excerpt that says something else', () => {
    expect(excerptRepeatsLead('نرخ سود بانکی تغییر نکرد.', body)).toBe(false);
    expect(excerptRepeatsLead('بانک مرکزی نرخ سود را ثابت نگه داشت و بازار آرام ماند.', body)).toBe(false);
    expect(excerptRepeatsLead('', body)).toBe(false);
    expect(excerptRepeatsLead(null, '<p></p>')).toBe(false);
  });
});
