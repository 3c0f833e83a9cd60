import { describe, expect, it } from 'vitest';
import { ALT_TEXT_MAX_LENGTH, buildAltText, truncateWithEllipsis } from './alt-text.ts';

describe('buildAltText', () => {
  it('joins prefix, title and Persian category with the site tag', () => {
    expect(buildAltText({ kind: 'image', title: 'افزایش قیمت طلا', category: 'Economy' })).toBe(
      'تصویر خبر: افزایش قیمت طلا - اقتصاد | چاپار',
    );
    expect(buildAltText({ kind: 'video', title: 'بازی امشب', category: 'sports' })).toBe(
      'ویدیوی خبر: بازی امشب - ورزش | چاپار',
    );
  });

  it('uses the default category label when the category is unknown', () => {
    expect(buildAltText({ kind: 'image', title: 'خبر', category: null })).toBe('تصویر خبر: خبر - عمومی | چاپار');
  });

  it('includes the excerpt only when 21 to 99 characters long', () => {
    const base = { kind: 'image' as const, title: 'عنوان', category: 'Politics' };
    const at = (n: number) => 'ب'.repeat(n);
    expect(buildAltText({ ...base, excerpt: at(20) })).not.toContain(at(20));
    expect(buildAltText({ ...base, excerpt: at(21) })).toBe(`تصویر خبر: عنوان - سیاست - ${at(21)} | چاپار`);
    // 99 characters are included, then the whole text is cut to 125.
    expect(buildAltText({ ...base, excerpt: at(99) })).toBe(`تصویر خبر: عنوان - سیاست - ${at(95)}...`);
    expect(buildAltText({ ...base, excerpt: at(100) })).toBe('تصویر خبر: عنوان - سیاست | چاپار');
  });

  it('measures the excerpt as plain text', () => {
    const excerpt = `<p>${'ب'.repeat(15)}</p>`; // 22 characters of HTML, 15 of text
    expect(buildAltText({ kind: 'image', title: 'ع', category: 'Health', excerpt })).toBe('تصویر خبر: ع - سلامت | چاپار');
  });

  it('truncates to exactly 125 characters: 122 plus an ellipsis', () => {
    const alt = buildAltText({ kind: 'image', title: 'خ'.repeat(200), category: 'Culture' });
    expect(alt).toHaveLength(ALT_TEXT_MAX_LENGTH);
    expect(alt.endsWith('...')).toBe(true);
    expect(alt.slice(0, 122)).toBe(`تصویر خبر: ${'خ'.repeat(200)}`.slice(0, 122));
  });

  it('leaves text of exactly 125 characters alone', () => {
    const prefix = 'تصویر خبر: ';
    const suffix = ' - فرهنگ | چاپار';
    const title = 'خ'.repeat(125 - prefix.length - suffix.length);
    const alt = buildAltText({ kind: 'image', title, category: 'culture' });
    expect(alt).toHaveLength(125);
    expect(alt.endsWith(' | چاپار')).toBe(true);
  });
});

describe('truncateWithEllipsis', () => {
  it('never splits an emoji', () => {
    const text = 'a'.repeat(6) + '😀' + 'b'.repeat(10);
    expect(truncateWithEllipsis(text, 10)).toBe('aaaaaa...');
  });
});
