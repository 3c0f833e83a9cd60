import { describe, expect, it } from 'vitest';
import type { TelegramPost } from '../../integrations/telegram/index.ts';
import { compileRules } from '../channels/cleaning-rules.ts';
import { contentIgnoreReason } from './filters.ts';
import { normalisePost } from '../posts/normalise.ts';
import { parseTelegramLink } from './telegram-link.ts';

const rules = compileRules('akhbar_rooz', undefined);
const post = (text: string, extra: Partial<TelegramPost> = {}): TelegramPost => ({
  channel: 'akhbar_rooz', messageId: 1, date: new Date(), text, html: '', links: [], hashtags: [], photos: [], videos: [], documents: [],
  views: 0, edited: false, mediaUnsupported: false, ...extra,
});
const reason = (text: string, extra: Partial<TelegramPost> = {}) => {
  const p = post(text, extra);
  return contentIgnoreReason(p, normalisePost(p, rules), rules);
};
const NEWS = 'وزارت نیرو اعلام کرد ذخایر آب سدهای تهران نسبت به سال گذشته ۱۲ درصد کاهش یافته است.';

describe('ignore filters', () => {
  it('lets news through', () => {
    expect(reason(NEWS)).toBeUndefined();
  });
  it.each([
    ['', 'too_short'],
    ['🔥🔥🔥 @akhbar_rooz', 'too_short'],
    ['فوری', 'too_short'],
    [`${NEWS}\n#تبلیغات`, 'advertisement'],
    ['فروش ویژه گوشی با کد تخفیف SALE20 فقط تا پایان هفته، همین حالا سفارش دهید', 'advertisement'],
    ['Breaking: the central bank raised interest rates by two points on Tuesday morning.', 'not_persian'],
    ['أعلنت وزارة الخارجية في بيان رسمي اليوم أن المحادثات ستستأنف الأسبوع المقبل على مستوى الخبراء.', 'not_persian'],
    ['صبح بخیر همراهان عزیز، امیدواریم روز خوبی داشته باشید و خبرهای خوب بشنوید', 'not_news'],
    ['نظرسنجی: به نظر شما قیمت دلار تا پایان هفته افزایش می‌یابد یا کاهش؟ نظر خود را ثبت کنید', 'not_news'],
  ])('%j is left out as %s', (text, expected) => {
    expect(reason(text)).toBe(expected);
  });
  it('takes a poll or sticker with a few words for chatter', () => {
    expect(reason('نظر شما درباره تعطیلی شنبه‌ها چیست و چه پیشنهادی دارید؟', { mediaUnsupported: true })).toBe('not_news');
  });
  it('reads a headline-only post with its link preview', () => {
    const p = post('جزئیات را بخوانید', { linkPreview: { url: 'https://example.ir/x', title: 'افزایش ۲۰ درصدی حقوق بازنشستگان تصویب شد', description: 'مجلس افزایش حقوق بازنشستگان را از ابتدای سال آینده تصویب کرد.' } });
    const n = normalisePost(p, rules);
    expect(n.plain).toContain('افزایش ۲۰ درصدی حقوق بازنشستگان');
    expect(contentIgnoreReason(p, n, rules)).toBeUndefined();
  });
  it('takes a category from a category hashtag and keywords from every hashtag', () => {
    const n = normalisePost(post(NEWS, { hashtags: ['آموزش', 'آب_شرب'] }), rules);
    expect(n.categoryHint).toBe('Education');
    expect(n.hashtagKeywords).toEqual(['آموزش', 'آب شرب']);
  });
  it('fingerprints the same story the same however it is spelled', () => {
    const a = normalisePost(post('كاهش ذخاير آب سدها در تهران ادامه دارد 🔴'), rules);
    const b = normalisePost(post('کاهش ذخایر آب سدها در تهران ادامه دارد'), rules);
    expect(a.textHash).toBe(b.textHash);
  });
});

describe('admin links', () => {
  const opts = { channels: ['akhbar_rooz', 'Second_News'], webBaseUrl: 'http://127.0.0.1:4100' };
  it.each([
    ['https://t.me/akhbar_rooz/102', 'akhbar_rooz', 102],
    ['t.me/s/akhbar_rooz/103', 'akhbar_rooz', 103],
    ['https://telegram.me/second_news/7?single', 'Second_News', 7],
    ['http://127.0.0.1:4100/akhbar_rooz/5', 'akhbar_rooz', 5],
  ])('reads %s', (link, channel, messageId) => {
    expect(parseTelegramLink(link, opts)).toEqual({ channel, messageId });
  });
  it.each(['https://t.me/unknown_chan/1', 'https://t.me/akhbar_rooz', 'https://t.me/akhbar_rooz/0', 'https://t.me.evil.example/akhbar_rooz/1', 'http://127.0.0.1:9999/akhbar_rooz/1', '102'])('refuses %s', (link) => {
    expect(parseTelegramLink(link, opts)).toBeNull();
  });
});
