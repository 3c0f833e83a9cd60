import { describe, expect, it } from 'vitest';
import { articleReadingMinutes, cardReadingMinutes, countWords, readingMinutesOfWords } from './reading.ts';

describe('cardReadingMinutes', () => {
  it('is content length / 1000 rounded up, at least 1', () => {
    expect(cardReadingMinutes('')).toBe(1);
    expect(cardReadingMinutes(null)).toBe(1);
    expect(cardReadingMinutes('x'.repeat(1000))).toBe(1);
    expect(cardReadingMinutes('x'.repeat(1001))).toBe(2);
    expect(cardReadingMinutes('x'.repeat(3500))).toBe(4);
  });
});

describe('countWords', () => {
  it('counts words in plain text and HTML', () => {
    expect(countWords('سلام دنیا')).toBe(2);
    expect(countWords('<p>سلام</p><p>دنیا</p>')).toBe(2);
    expect(countWords('<p>یک <b>دو</b> سه</p>')).toBe(3);
  });

  it('keeps ZWNJ-joined words whole and skips bare punctuation', () => {
    expect(countWords('این کار می‌شود - « خوب »')).toBe(4);
  });

  it('is 0 for empty input', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('<p> </p>')).toBe(0);
    expect(countWords(undefined)).toBe(0);
  });
});

describe('articleReadingMinutes', () => {
  it('is words / 200 rounded up', () => {
    expect(articleReadingMinutes('واژه '.repeat(200))).toBe(1);
    expect(articleReadingMinutes('واژه '.repeat(201))).toBe(2);
    expect(articleReadingMinutes(`<p>${'واژه '.repeat(650)}</p>`)).toBe(4);
  });

  it('assumes 1000 words (5 minutes) without content', () => {
    expect(articleReadingMinutes('')).toBe(5);
    expect(articleReadingMinutes(null)).toBe(5);
    expect(articleReadingMinutes('<p></p>')).toBe(5);
  });
});

describe('readingMinutesOfWords', () => {
  it('gives from a word count what articleReadingMinutes gives from the content', () => {
    for (const content of ['', '<p></p>', 'یک', `<p>${'واژه '.repeat(199)}</p>`, `<p>${'واژه '.repeat(200)}</p>`, `<p>${'واژه '.repeat(201)}</p>`, '<p>- « »</p>']) {
      expect(readingMinutesOfWords(countWords(content))).toBe(articleReadingMinutes(content));
    }
    expect(readingMinutesOfWords(0)).toBe(5);
    expect(readingMinutesOfWords(401)).toBe(3);
  });
});
