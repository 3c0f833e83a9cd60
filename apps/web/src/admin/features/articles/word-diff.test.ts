import { describe, expect, it } from 'vitest';
import { MAX_DIFF_CELLS, diffSide, diffWords, tokenize, type DiffPart } from './word-diff.ts';

const join = (parts: DiffPart[]) => parts.map((p) => p.text).join('');
const marked = (parts: DiffPart[], kind: DiffPart['kind']) => parts.filter((p) => p.kind === kind).map((p) => p.text);

describe('tokenize', () => {
  it('keeps a word with a ZWNJ (می‌شود, نسخه‌ها) whole and splits Persian punctuation off', () => {
    expect(tokenize('خبر می‌شود، نسخه‌ها؟')).toEqual(['خبر', ' ', 'می‌شود', '،', ' ', 'نسخه‌ها', '؟']);
  });

  it('keeps Persian digits and «» quotes as their own tokens', () => {
    expect(tokenize('«۱۲۰ کیلومتر»')).toEqual(['«', '۱۲۰', ' ', 'کیلومتر', '»']);
  });
});

describe('diffWords', () => {
  it('marks only the replaced word of a Persian title', () => {
    const parts = diffWords('سرعت میانگین اینترنت کاهش یافت', 'سرعت میانگین اینترنت افزایش یافت');
    expect(marked(parts, 'removed')).toEqual(['کاهش']);
    expect(marked(parts, 'added')).toEqual(['افزایش']);
    expect(parts[0]).toEqual({ kind: 'same', text: 'سرعت میانگین اینترنت ' });
  });

  it('treats «می‌شود» and «میشود» (ZWNJ dropped) as different words, not as an insertion inside one', () => {
    const parts = diffWords('این خبر منتشر می‌شود', 'این خبر منتشر میشود');
    expect(marked(parts, 'removed')).toEqual(['می‌شود']);
    expect(marked(parts, 'added')).toEqual(['میشود']);
  });

  it('marks an added comma alone, not the word before it', () => {
    const parts = diffWords('تهران امروز', 'تهران، امروز');
    expect(marked(parts, 'added')).toEqual(['،']);
    expect(marked(parts, 'removed')).toEqual([]);
  });

  it('gives back each side exactly: same + removed is the version, same + added the current text', () => {
    const before = 'گزارش «بانک مرکزی» دربارهٔ نرخ تورم؛ ۴۰ درصد.';
    const after = 'گزارش تازهٔ «بانک مرکزی» دربارهٔ تورم: ۳۸ درصد!';
    const parts = diffWords(before, after);
    expect(join(diffSide(parts, 'before'))).toBe(before);
    expect(join(diffSide(parts, 'after'))).toBe(after);
    expect(diffSide(parts, 'before').some((p) => p.kind === 'added')).toBe(false);
    expect(diffSide(parts, 'after').some((p) => p.kind === 'removed')).toBe(false);
    expect(marked(parts, 'added')).toEqual(expect.arrayContaining(['تازهٔ ', '۳۸', '!']));
    expect(marked(parts, 'removed')).toEqual(expect.arrayContaining(['۴۰', '.']));
  });

  it('marks a replaced phrase as one change on each side, the spaces between its words inside it', () => {
    const parts = diffWords('جشنواره فیلم کوتاه پس از شش روز پایان یافت', 'جشنواره فیلم کوتاه با معرفی برگزیدگان پایان یافت');
    expect(marked(diffSide(parts, 'before'), 'removed')).toEqual(['پس از شش روز']);
    expect(marked(diffSide(parts, 'after'), 'added')).toEqual(['با معرفی برگزیدگان']);
    // A space between a removed and an added word, or at a change's end, stays unmarked.
    expect(join(diffSide(parts, 'before'))).toBe('جشنواره فیلم کوتاه پس از شش روز پایان یافت');
  });

  it('keeps line breaks of the content as text, a new paragraph marked as added', () => {
    const parts = diffWords('بند نخست', 'بند نخست\nبند دوم');
    expect(marked(parts, 'added')).toEqual(['\nبند دوم']);
  });

  it('answers equal texts with one unchanged part, and empty sides as whole removals or additions', () => {
    expect(diffWords('متن یکسان', 'متن یکسان')).toEqual([{ kind: 'same', text: 'متن یکسان' }]);
    expect(diffWords('', 'تازه')).toEqual([{ kind: 'added', text: 'تازه' }]);
    expect(diffWords('کهنه', '')).toEqual([{ kind: 'removed', text: 'کهنه' }]);
    expect(diffWords('', '')).toEqual([]);
  });

  it('shows a middle too large to compare word by word as replaced whole, the common ends kept', () => {
    const words = (n: number, w: string) => Array.from({ length: n }, (_, i) => `${w}${i}`).join(' ');
    const size = Math.ceil(Math.sqrt(MAX_DIFF_CELLS)); // tokens (with spaces) exceed the cap
    const parts = diffWords(`آغاز ${words(size, 'الف')} پایان`, `آغاز ${words(size, 'ب')} پایان`);
    expect(parts.map((p) => p.kind)).toEqual(['same', 'removed', 'added', 'same']);
    expect(parts[0].text).toBe('آغاز ');
    expect(parts[3].text).toBe(' پایان');
  });
});
