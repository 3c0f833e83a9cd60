import { describe, expect, it } from 'vitest';
import { Api, helpers } from 'telegram';
import { entitiesToHtml } from './entities-to-html.ts';
import { messagesToPosts } from './message-to-post.ts';
import { BASE_DATE, album, document, message, photo, service } from '../../../../testing/mtproto-test-messages.ts';

const context = { channel: 'akhbar_rooz' };
const toPost = (m: Api.TypeMessage) => messagesToPosts([m], context)[0];

describe('entitiesToHtml', () => {
  it('renders bold, italic, code, pre, links and mentions, and line breaks', () => {
    const text = 'خبر فوری\nبیشتر در سایت و @akhbar_rooz\nکد x=1 و example.org';
    const at = (part: string) => text.indexOf(part);
    const { html, links } = entitiesToHtml(text, [
      new Api.MessageEntityBold({ offset: 0, length: 3 }),
      new Api.MessageEntityItalic({ offset: at('فوری'), length: 4 }),
      new Api.MessageEntityTextUrl({ offset: at('سایت'), length: 4, url: 'https://news.example/a?b=1&c=2' }),
      new Api.MessageEntityMention({ offset: at('@akhbar_rooz'), length: 12 }),
      new Api.MessageEntityCode({ offset: at('x=1'), length: 3 }),
      new Api.MessageEntityUrl({ offset: at('example.org'), length: 11 }),
    ]);
    expect(html).toBe('<b>خبر</b> <i>فوری</i><br />بیشتر در <a href="https://news.example/a?b=1&amp;c=2">سایت</a> و '
      + '<a href="https://t.me/akhbar_rooz">@akhbar_rooz</a><br />کد <code>x=1</code> و <a href="https://example.org/">example.org</a>');
    expect(links).toEqual(['https://news.example/a?b=1&c=2', 'https://t.me/akhbar_rooz', 'https://example.org/']);
  });

  it('counts offsets in UTF-16 units, so entities after emoji land right', () => {
    const text = '🔴 فوری: بازار';
    const { html } = entitiesToHtml(text, [new Api.MessageEntityBold({ offset: 3, length: 5 })]);
    expect(html).toBe('🔴 <b>فوری:</b> بازار');
  });

  it('keeps overlapping entities well nested', () => {
    const { html } = entitiesToHtml('abcdef', [
      new Api.MessageEntityBold({ offset: 0, length: 4 }),
      new Api.MessageEntityItalic({ offset: 2, length: 4 }),
    ]);
    expect(html).toBe('<b>ab<i>cd</i></b><i>ef</i>');
  });

  it('escapes markup in the text and drops links that are not http(s)', () => {
    const text = '<script>alert(1)</script> click';
    const { html, links } = entitiesToHtml(text, [new Api.MessageEntityTextUrl({ offset: 26, length: 5, url: 'javascript:alert(1)' })]);
    expect(html).toBe('&lt;script&gt;alert(1)&lt;/script&gt; click');
    expect(links).toEqual([]);
  });
});

describe('messagesToPosts', () => {
  it('maps a text post: date, views, edit mark, hashtags, reply', () => {
    const post = toPost(message(12, 'قیمت دلار #اقتصاد امروز', {
      views: 4400,
      editDate: BASE_DATE + 5000,
      replyTo: new Api.MessageReplyHeader({ replyToMsgId: 10 }),
    }));
    expect(post).toMatchObject({
      channel: 'akhbar_rooz', messageId: 12, text: 'قیمت دلار #اقتصاد امروز', hashtags: ['اقتصاد'],
      views: 4400, edited: true, replyTo: 10, photos: [], videos: [], documents: [], mediaUnsupported: false,
    });
    expect(post.date).toEqual(new Date((BASE_DATE + 12 * 60) * 1000));
    expect(post.groupedId).toBeUndefined();
  });

  it('ignores hidden edits and replies to other chats', () => {
    const post = toPost(message(3, 'x', {
      editDate: BASE_DATE, editHide: true,
      replyTo: new Api.MessageReplyHeader({ replyToMsgId: 2, replyToPeerId: new Api.PeerChannel({ channelId: helpers.returnBigInt(5) }) }),
    }));
    expect(post.edited).toBe(false);
    expect(post.replyTo).toBeUndefined();
  });

  it('merges an album into one post with every photo, taking the caption wherever it is', () => {
    const posts = messagesToPosts([message(20, 'پیش از آلبوم'), ...album(21, 3, '13960000000000001', 1, 'تصاویر سیل')].reverse(), context);
    expect(posts).toHaveLength(2);
    const [, albumPost] = posts;
    expect(albumPost).toMatchObject({ messageId: 21, groupedId: '13960000000000001', albumMessageIds: [21, 22, 23], text: 'تصاویر سیل' });
    expect(albumPost.photos).toEqual([21, 22, 23].map((id) => ({ url: `mtproto://akhbar_rooz/${id}/0`, fileId: String(id), width: 1280, height: 720 })));
  });

  it('maps videos, round videos, voice notes, files and link previews', () => {
    const video = toPost(message(1, '', { media: document([new Api.DocumentAttributeVideo({ duration: 38.4, w: 640, h: 360 })]) }));
    expect(video.videos).toEqual([{ url: 'mtproto://akhbar_rooz/1/0', thumbUrl: 'mtproto://akhbar_rooz/1/0?thumb=1', durationSec: 38, tooBig: false, round: false }]);
    const round = toPost(message(2, '', { media: document([new Api.DocumentAttributeVideo({ duration: 9, w: 240, h: 240, roundMessage: true })]) }));
    expect(round.videos[0].round).toBe(true);
    const voice = toPost(message(3, '', { media: document([new Api.DocumentAttributeAudio({ duration: 61, voice: true })], 'audio/ogg') }));
    expect(voice.voice).toEqual({ url: 'mtproto://akhbar_rooz/3/0', durationSec: 61 });
    const file = toPost(message(4, '', { media: document([new Api.DocumentAttributeFilename({ fileName: 'report.pdf' })], 'application/pdf') }));
    expect(file.documents).toEqual([{ title: 'report.pdf', size: '2.4 MB' }]);
    const fullPhoto = toPost(message(5, '', { media: document([new Api.DocumentAttributeFilename({ fileName: 'a.jpg' })], 'image/jpeg') }));
    expect(fullPhoto.photos).toEqual([{ url: 'mtproto://akhbar_rooz/5/0', fileId: '9' }]);

    const webpage = new Api.WebPage({
      id: helpers.returnBigInt(1), url: 'https://news.example/a', displayUrl: 'news.example/a', hash: 0,
      siteName: 'News', title: 'Title', description: 'Desc', photo: photo(77).photo,
    });
    const preview = toPost(message(6, 'https://news.example/a', { media: new Api.MessageMediaWebPage({ webpage }) }));
    expect(preview.linkPreview).toEqual({ url: 'https://news.example/a', siteName: 'News', title: 'Title', description: 'Desc', imageUrl: 'mtproto://akhbar_rooz/6/0' });
  });

  it('flags polls and stickers as unsupported media', () => {
    const poll = new Api.MessageMediaPoll({
      poll: new Api.Poll({ id: helpers.returnBigInt(1), question: new Api.TextWithEntities({ text: 'q', entities: [] }), answers: [] }),
      results: new Api.PollResults({}),
    });
    expect(toPost(message(1, '', { media: poll })).mediaUnsupported).toBe(true);
    const sticker = document([new Api.DocumentAttributeSticker({ alt: '😀', stickerset: new Api.InputStickerSetEmpty() })], 'image/webp');
    expect(toPost(message(2, '', { media: sticker })).mediaUnsupported).toBe(true);
  });

  it('names the origin of a forward from the batch peers, or its hidden name', () => {
    const peers = new Map([['channel:555', { title: 'خبرگزاری نمونه', username: 'sample_news' }]]);
    const fwdFrom = new Api.MessageFwdHeader({ fromId: new Api.PeerChannel({ channelId: helpers.returnBigInt(555) }), date: BASE_DATE, channelPost: 42 });
    const [post] = messagesToPosts([message(8, 'x', { fwdFrom })], { ...context, peers });
    expect(post).toMatchObject({ forwardedFrom: 'خبرگزاری نمونه', forwardedFromUrl: 'https://t.me/sample_news/42' });
    const hidden = toPost(message(9, 'x', { fwdFrom: new Api.MessageFwdHeader({ fromName: 'کاربر پنهان', date: BASE_DATE }) }));
    expect(hidden).toMatchObject({ forwardedFrom: 'کاربر پنهان', forwardedFromUrl: undefined });
  });

  it('leaves out service messages and deleted ids, and lists oldest first', () => {
    const posts = messagesToPosts([message(5, 'b'), service(4), new Api.MessageEmpty({ id: 3 }), message(2, 'a')], context);
    expect(posts.map((p) => p.messageId)).toEqual([2, 5]);
  });
});
