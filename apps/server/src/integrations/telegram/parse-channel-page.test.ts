import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR } from '../../../testing/telegram-fixture-server.ts';
import { parseChannelPage, parseEmbedPost } from './parse-channel-page.ts';
import type { TelegramPost } from './types.ts';

const PAGE_URL = 'http://fixture.test/s/akhbar_rooz';
const fixture = (name: string) => readFileSync(path.join(FIXTURE_DIR, name), 'utf8');
const page = parseChannelPage(fixture('channel-page.html'), { pageUrl: PAGE_URL });
const post = (id: number): TelegramPost => {
  const found = page.posts.find((p) => p.messageId === id);
  if (!found) throw new Error(`post ${id} missing`);
  return found;
};

describe('parseChannelPage on the channel page', () => {
  it('lists the posts oldest first, skipping the service message and album members', () => {
    expect(page.posts.map((p) => p.messageId)).toEqual([101, 102, 103, 106, 107, 108, 109, 110, 111, 112, 113, 115, 116]);
    expect(page.posts.every((p) => p.channel === 'akhbar_rooz')).toBe(true);
    expect(page.olderCursor).toBe(101);
    expect(page.newerCursor).toBeUndefined();
  });

  it('keeps text, formatting, links and hashtags', () => {
    const p = post(101);
    expect(p.date.toISOString()).toBe('2026-11-18T05:30:12.000Z');
    expect(p.text.split('\n')[0]).toBe('🔴وزیر امور خارجه: دور تازه مذاکرات هفته آینده در ژنو برگزار می‌شود');
    expect(p.text).toContain('\n\nوزیر امور خارجه امروز');
    expect(p.html).toContain('<b>وزیر امور خارجه');
    expect(p.html).toContain('<i>دیپلماسی</i>');
    expect(p.html).toContain('<a href="https://www.example.org/e3-talks">سه کشور اروپایی</a>');
    // Emoji wrappers and Telegram's search links are gone; target/rel attributes too.
    expect(p.html).not.toMatch(/class=|\?q=|target=|style=/);
    expect(p.links).toEqual(['https://www.example.org/e3-talks', 'https://t.me/akhbar_rooz']);
    expect(p.hashtags).toEqual(['سیاست_خارجی', 'مذاکرات']);
    expect(p.photos).toEqual([]);
    expect(p.views).toBe(12_300);
  });

  it('reads a single photo with its display size and Telegram\'s photo id, not the channel avatar', () => {
    expect(post(102).photos).toEqual([{ url: 'http://fixture.test/media/dollar-market.jpg', fileId: '5431234567890123456', width: 800, height: 450 }]);
    // Album tiles name no photo id on t.me/s.
    expect(post(103).photos.map((p) => p.fileId)).toEqual([undefined, undefined, undefined]);
  });

  it('makes one post of an album, with all three photos', () => {
    const album = post(103);
    expect(album.photos.map((p) => p.url)).toEqual([1, 2, 3].map((n) => `http://fixture.test/media/book-fair-${n}.jpg`));
    expect(album.albumMessageIds).toEqual([103, 104, 105]);
    expect(album.groupedId).toBe('103');
    expect(album.text).toContain('۲۴۰۰ ناشر داخلی');
    expect(post(102).groupedId).toBeUndefined();
  });

  it('reads a video with thumbnail and duration', () => {
    expect(post(106).videos).toEqual([
      { url: 'http://fixture.test/media/match-highlights.mp4', thumbUrl: 'http://fixture.test/media/match-thumb.jpg', durationSec: 165, tooBig: false, round: false },
    ]);
  });

  it("records a video withheld as 'Media is too big'", () => {
    expect(post(107).videos).toEqual([
      { url: undefined, thumbUrl: 'http://fixture.test/media/press-conference-thumb.jpg', durationSec: 2892, tooBig: true, round: false },
    ]);
    expect(post(107).mediaUnsupported).toBe(false);
  });

  it('reads a round video without caption', () => {
    const p = post(108);
    expect(p.text).toBe('');
    expect(p.videos).toEqual([
      { url: 'http://fixture.test/media/reporter-round.mp4', thumbUrl: 'http://fixture.test/media/reporter-round-thumb.jpg', durationSec: 38, tooBig: false, round: true },
    ]);
  });

  it('reads a voice note and a document', () => {
    expect(post(109).voice).toEqual({ url: 'http://fixture.test/media/voice-report.ogg', durationSec: 84 });
    expect(post(110).documents).toEqual([{ title: 'inflation-report-1405-08.pdf', size: '2.4 MB' }]);
    expect(post(110).hashtags).toEqual(['تورم', 'مرکز_آمار']);
  });

  it('reads a link preview without mixing its text or image into the post', () => {
    const p = post(111);
    expect(p.linkPreview).toEqual({
      url: 'https://www.example-news.ir/economy/12345',
      siteName: 'خبرگزاری نمونه',
      title: 'جزئیات طرح جدید وام مسکن اعلام شد',
      description: 'سقف وام خرید مسکن در تهران به ۱ میلیارد تومان افزایش یافت.\nبانک‌ها از ماه آینده ثبت‌نام می‌کنند.',
      imageUrl: 'http://fixture.test/media/preview-housing.jpg',
    });
    expect(p.text).not.toContain('سقف وام');
    expect(p.photos).toEqual([]);
  });

  it('reads forwarded-from and reply-to, keeping the quoted text out', () => {
    expect(post(112).forwardedFrom).toBe('خبرگزاری سلامت');
    expect(post(112).forwardedFromUrl).toBe('https://t.me/salamat_news/5521');
    const reply = post(113);
    expect(reply.replyTo).toBe(111);
    expect(reply.text).toBe('✅ به‌روزرسانی: بانک مرکزی اعلام کرد ثبت‌نام وام مسکن از ۱ دی‌ماه در سامانه یکپارچه آغاز می‌شود.');
  });

  it("reads views ('4.4K', '1.2M') and the edited mark", () => {
    expect(post(115).views).toBe(4_400);
    expect(post(115).edited).toBe(true);
    expect(post(116).views).toBe(1_200_000);
    expect(page.posts.filter((p) => p.edited).map((p) => p.messageId)).toEqual([115]);
  });
});

describe('parseChannelPage on older and newer pages', () => {
  it('reads the start of the channel with a cursor forward only', () => {
    const older = parseChannelPage(fixture('channel-page-before-101.html'), { pageUrl: `${PAGE_URL}?before=101` });
    expect(older.posts.map((p) => p.messageId)).toEqual([96, 97, 98, 99, 100]);
    expect(older.olderCursor).toBeUndefined();
    expect(older.newerCursor).toBe(100);
  });

  it('reads newer posts with a cursor back', () => {
    const newer = parseChannelPage(fixture('channel-page-after-116.html'), { pageUrl: `${PAGE_URL}?after=116` });
    expect(newer.posts.map((p) => p.messageId)).toEqual([117, 118, 119]);
    expect(newer.posts[2].views).toBe(980);
    expect(newer.olderCursor).toBe(117);
  });

  it("flags 'open Telegram to view' notices, but not the hidden fallback beside shown media", () => {
    const wrap = (id: number, inner: string) =>
      `<div class="tgme_widget_message js-widget_message" data-post="akhbar_rooz/${id}">${inner}<a class="tgme_widget_message_date"><time datetime="2026-11-18T10:00:00+00:00"></time></a></div>`;
    const notice = '<div class="message_media_not_supported_wrap"><div class="message_media_not_supported"><div class="message_media_not_supported_label">Please open Telegram to view this post</div></div></div>';
    const html = wrap(1, `<div class="tgme_widget_message_poll"></div>${notice}`) +
      wrap(2, `<div class="media_supported_cont"><a class="tgme_widget_message_photo_wrap" style="background-image:url('/p.jpg')"></a></div><div class="media_not_supported_cont">${notice}</div>`);
    const [poll, photo] = parseChannelPage(html, { pageUrl: PAGE_URL }).posts;
    expect(poll.mediaUnsupported).toBe(true);
    expect(photo.mediaUnsupported).toBe(false);
    expect(photo.photos).toEqual([{ url: 'http://fixture.test/p.jpg' }]);
  });

  it('survives markup that has nothing in it', () => {
    expect(parseChannelPage('<html><body></body></html>', { pageUrl: PAGE_URL })).toEqual({ posts: [], olderCursor: undefined, newerCursor: undefined });
  });
});

describe('parseEmbedPost', () => {
  const embedUrl = 'http://fixture.test/akhbar_rooz/103?embed=1';

  it('finds an album by any of its message ids', () => {
    expect(parseEmbedPost(fixture('embed-103.html'), 103, { pageUrl: embedUrl })?.photos).toHaveLength(3);
    expect(parseEmbedPost(fixture('embed-103.html'), 105, { pageUrl: embedUrl })?.messageId).toBe(103);
  });

  it("returns null for 'Post not found'", () => {
    expect(parseEmbedPost(fixture('embed-not-found.html'), 5, { pageUrl: embedUrl })).toBeNull();
  });
});
