import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './fetch-with-retry.ts';
import { extractHashtags, tidyText } from './parse-message-text.ts';
import {
  backgroundImageUrl,
  messageIdFromHref,
  parseDuration,
  parsePostRef,
  parseViews,
  resolveUrl,
} from './markup-values.ts';

describe('markup values', () => {
  it('reads view counters', () => {
    expect(parseViews('4.4K')).toBe(4_400);
    expect(parseViews('1.2M')).toBe(1_200_000);
    expect(parseViews('11K')).toBe(11_000);
    expect(parseViews('987')).toBe(987);
    expect(parseViews(' 2.05k ')).toBe(2_050);
    expect(parseViews('')).toBe(0);
    expect(parseViews('views')).toBe(0);
  });

  it('reads durations', () => {
    expect(parseDuration('0:38')).toBe(38);
    expect(parseDuration('48:12')).toBe(2_892);
    expect(parseDuration('1:02:03')).toBe(3_723);
    expect(parseDuration('soon')).toBeUndefined();
  });

  it('reads background-image URLs in their usual spellings', () => {
    expect(backgroundImageUrl("width:800px;background-image:url('https://cdn4.telesco.pe/file/a.jpg')")).toBe('https://cdn4.telesco.pe/file/a.jpg');
    expect(backgroundImageUrl('background-image: url("/media/b.jpg");')).toBe('/media/b.jpg');
    expect(backgroundImageUrl('background-image:url(/media/c.jpg)')).toBe('/media/c.jpg');
    expect(backgroundImageUrl('color:red')).toBeUndefined();
  });

  it('resolves URLs and drops non-http ones', () => {
    expect(resolveUrl('//cdn4.telesco.pe/file/a.jpg', 'http://x.test/s/c')).toBe('https://cdn4.telesco.pe/file/a.jpg');
    expect(resolveUrl('/media/a.jpg', 'http://x.test/s/c')).toBe('http://x.test/media/a.jpg');
    expect(resolveUrl('javascript:alert(1)', 'http://x.test/')).toBeUndefined();
    expect(resolveUrl('', 'http://x.test/')).toBeUndefined();
  });

  it('reads post references and message ids', () => {
    expect(parsePostRef('akhbar_rooz/123')).toEqual({ channel: 'akhbar_rooz', messageId: 123 });
    expect(parsePostRef('nope')).toBeUndefined();
    expect(messageIdFromHref('https://t.me/akhbar_rooz/104?single')).toBe(104);
    expect(messageIdFromHref('https://t.me/akhbar_rooz')).toBeUndefined();
  });

  it('finds hashtags but not URL fragments or bare numbers', () => {
    expect(extractHashtags('#اقتصاد_ایران خبر و #بورس، نه https://x.test/a#b و نه #۱۲ یا #12')).toEqual(['اقتصاد_ایران', 'بورس']);
    // A shadda and a ZWNJ are part of a Persian hashtag, not its end.
    expect(extractHashtags('#خیّران و #برنامه_بازی‌ها')).toEqual(['خیّران', 'برنامه_بازی‌ها']);
    expect(tidyText('  الف \u00a0 ب \n\n\n\n ج ')).toBe('الف ب\n\nج');
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('2')).toBe(2_000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('Wed, 18 Nov 2026 10:00:30 GMT', Date.parse('Wed, 18 Nov 2026 10:00:00 GMT'))).toBe(30_000);
  });
});
