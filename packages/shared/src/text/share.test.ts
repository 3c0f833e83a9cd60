import { describe, expect, it } from 'vitest';
import { shareHashtags, shareUrls, tweetText, TWEET_MAX_LENGTH } from './share.ts';

describe('tweetText', () => {
  it('keeps short text', () => {
    expect(tweetText('  خبر  فوری ')).toBe('خبر فوری');
    expect(tweetText('ا'.repeat(240))).toBe('ا'.repeat(240));
  });

  it('cuts to 240 characters: 237 plus an ellipsis', () => {
    const text = tweetText('ا'.repeat(241));
    expect(text).toHaveLength(TWEET_MAX_LENGTH);
    expect(text).toBe(`${'ا'.repeat(237)}...`);
  });
});

describe('shareHashtags', () => {
  it('adds one tag per known category to the two defaults', () => {
    expect(shareHashtags('Politics')).toEqual(['اخبار_ایران', 'خبر_فوری', 'سیاست']);
    expect(shareHashtags('international')).toEqual(['اخبار_ایران', 'خبر_فوری', 'بین_الملل']);
    expect(shareHashtags('other')).toEqual(['اخبار_ایران', 'خبر_فوری']);
    expect(shareHashtags()).toEqual(['اخبار_ایران', 'خبر_فوری']);
  });
});

describe('shareUrls', () => {
  const urls = shareUrls({ url: 'https://chapar.ir/s/42', title: 'افزایش قیمت & طلا', category: 'Economy' });

  it('builds a tweet intent with text, url and hashtags', () => {
    const u = new URL(urls.twitter);
    expect(u.origin + u.pathname).toBe('https://twitter.com/intent/tweet');
    expect(u.searchParams.get('text')).toBe('افزایش قیمت & طلا');
    expect(u.searchParams.get('url')).toBe('https://chapar.ir/s/42');
    expect(u.searchParams.get('hashtags')).toBe('اخبار_ایران,خبر_فوری,اقتصاد');
  });

  it('builds a WhatsApp link with title and url', () => {
    const u = new URL(urls.whatsapp);
    expect(u.host).toBe('wa.me');
    expect(u.searchParams.get('text')).toBe('افزایش قیمت & طلا\nhttps://chapar.ir/s/42');
  });

  it('builds a Telegram share link', () => {
    const u = new URL(urls.telegram);
    expect(u.origin + u.pathname).toBe('https://t.me/share/url');
    expect(u.searchParams.get('url')).toBe('https://chapar.ir/s/42');
    expect(u.searchParams.get('text')).toBe('افزایش قیمت & طلا');
  });

  it('cuts a long title in the tweet only', () => {
    const long = shareUrls({ url: 'https://chapar.ir/s/1', title: 'ب'.repeat(300) });
    expect(new URL(long.twitter).searchParams.get('text')).toHaveLength(240);
    expect(new URL(long.telegram).searchParams.get('text')).toHaveLength(300);
  });
});
