import { describe, expect, it } from 'vitest';
import { cleanTypedText, hasVisibleText, stripBidiControls, visibleLength } from './invisible.ts';

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

  it('cleans typed text: no direction runs or control characters, nothing invisible at the ends', () => {
    expect(cleanTypedText('\u200b \u202eمی\u200cشود\u202c\t\u2066x\u2069 \ufeff')).toBe('می\u200cشود\tx');
    expect(cleanTypedText('a\u0000\u0007\u009fb\nc')).toBe('ab\nc');
    expect(cleanTypedText('\u200f\u202e\u200b\u2066')).toBe('\u200f');
  });

  it('counts the characters that show', () => {
    expect(visibleLength('\u200c\u200c\u200c')).toBe(0);
    expect(visibleLength('می\u200cشود')).toBe(5);
    expect(visibleLength('😀 a')).toBe(2);
  });
});
