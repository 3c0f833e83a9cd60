import { describe, expect, it } from 'vitest';
import { hasVisibleText, stripBidiControls } from './invisible.ts';

describe('invisible text', () => {
  it.each([
    '', ' \t\n', '\u200b\u202e', '\u200b\u200c\u200d', '\u202a\u202b\u202c\u202d\u202e', '\u2066\u2067\u2068\u2069',
    '\u200e\u200f\u061c', '\ufeff', '\u00ad', '\u2060', '\u00a0\u3000', '\u3164', '\u2800', '\ufe0f', '\u{e0041}',
  ])('%j shows nothing', (text) => {
    expect(hasVisibleText(text)).toBe(false);
  });

  it.each(['ا', 'a', '۱', '\u200bرضا\u202e', '.', 'ـ', '😀'])('%j shows something', (text) => {
    expect(hasVisibleText(text)).toBe(true);
  });

  it('strips embeddings, overrides, isolates and direction marks, and keeps ZWNJ and the rest', () => {
    expect(stripBidiControls('\u202eمی\u200cشود\u202c')).toBe('می\u200cشود');
    expect(stripBidiControls('\u2066@news\u2069 \u200eabc\u200f\u061c')).toBe('@news abc');
    expect(stripBidiControls('a\u202a\u202b\u202d\u2067\u2068b')).toBe('ab');
    expect(stripBidiControls('نیم\u200cفاصله\u200d\u200b')).toBe('نیم\u200cفاصله\u200d\u200b');
  });
});
