import { describe, expect, it } from 'vitest';
import { handle, isolateLatinRuns, ltr } from './bidi.ts';

const LRI = '\u2066';
const PDI = '\u2069';

describe('bidi isolation', () => {
  it('isolates a handle or an id for a right-to-left line', () => {
    expect(ltr('a.jpg')).toBe(`${LRI}a.jpg${PDI}`);
    expect(handle('news_fa')).toBe(`${LRI}@news_fa${PDI}`);
    expect(handle('@news_fa')).toBe(`${LRI}@news_fa${PDI}`);
  });

  it('isolates each handle and web address inside free text, and leaves the rest as written', () => {
    expect(isolateLatinRuns('شاخص بورس رکورد زد (@boursenews)')).toBe(`شاخص بورس رکورد زد (${LRI}@boursenews${PDI})`);
    expect(isolateLatinRuns('با @reza_tehran موافقم، ببینید https://example.com/a?b=1 را'))
      .toBe(`با ${LRI}@reza_tehran${PDI} موافقم، ببینید ${LRI}https://example.com/a?b=1${PDI} را`);
    expect(isolateLatinRuns('نامه به info@example.com')).toBe('نامه به info@example.com');
    expect(isolateLatinRuns('متن فارسی بدون نشانی')).toBe('متن فارسی بدون نشانی');
  });
});
