// Every demo article as its podcast reads it: all in Persian words (no Latin letter, no digit,
// no sign), and no sentence of the body lost, counted sentence by sentence.
import { describe, expect, it } from 'vitest';
import { DEMO_ARTICLES } from '@chapar/db/seed';
import { articleSpeechText, stripHtml } from '@chapar/shared/text';

/** Sentences of paragraphs: each paragraph, list item or heading cut at its sentence ends. */
const sentences = (paragraphs: string[]) => paragraphs.flatMap((p) => p.split(/(?<=[.!?؟…])\s+/)).map((s) => s.trim()).filter(Boolean);
const bodyParagraphs = (html: string) => html.split(/<\/(?:p|h[1-6]|li)>/).map((part) => stripHtml(part)).filter(Boolean);

describe('the demo articles read aloud', () => {
  it.each(DEMO_ARTICLES.map((a) => [a.title, a] as const))('%s', (_title, article) => {
    const spoken = articleSpeechText(article).split('\n');
    const [title, ...body] = spoken;
    expect(title.length).toBeGreaterThan(10);
    expect(spoken.join(' ')).not.toMatch(/[A-Za-z0-9۰-۹٠-٩%٪$€£@#]/);
    expect(sentences(body)).toHaveLength(sentences(bodyParagraphs(article.content)).length);
  });

  it('reads numbers, dates, percentages, currencies and scores in words', () => {
    const text = (title: string) => articleSpeechText(DEMO_ARTICLES.find((a) => a.title.startsWith(title))!);
    expect(text('مجلس کلیات لایحه شفافیت')).toContain('صد و هشتاد و دو رأی موافق');
    expect(text('مجلس کلیات لایحه شفافیت')).toContain('پنجاه میلیون تومان');
    expect(text('سرعت میانگین اینترنت ثابت')).toContain('چهل درصد افزایش');
    expect(text('تیم ملی والیبال')).toContain('بیست و پنج بر هجده');
    expect(text('تیم ملی والیبال')).toContain('ساعت هفده');
  });
});
