// Parses Telegram's public channel page (t.me/s/{channel}) and the single-post
// embed widget (t.me/{channel}/{id}?embed=1): both use the same message markup.
import type { CheerioAPI } from 'cheerio';
import { load } from '../../lazy-packages.ts';
import { messageIdFromHref, parsePostRef, parseViews, resolveUrl } from './markup-values.ts';
import { parseMessageMedia } from './parse-message-media.ts';
import { parseMessageText, tidyText, type MessageNodes } from './parse-message-text.ts';
import type { ChannelPage, TelegramPost } from './types.ts';

export interface ParseOptions {
  /** The address the page came from; relative links and media resolve against it. */
  pageUrl: string;
}

export function parseChannelPage(html: string, options: ParseOptions): ChannelPage {
  const $ = load(html);
  const posts = parseMessages($, options.pageUrl);
  return {
    posts,
    olderCursor: cursor($, 'data-before', 'before'),
    newerCursor: cursor($, 'data-after', 'after'),
  };
}

/**
 * The post with this id from an embed page, or null when the widget says
 * 'Post not found'. An album is found by any of its message ids.
 */
/** The single-post widget's own answer for a post that does not exist. */
export function saysPostNotFound(html: string): boolean {
  const $ = load(html);
  return !$('.tgme_widget_message[data-post]').length && /^\s*post not found\s*$/i.test($('.tgme_widget_message_error').first().text());
}

export function parseEmbedPost(html: string, messageId: number, options: ParseOptions): TelegramPost | null {
  const $ = load(html);
  if ($('.tgme_widget_message_error').length && !$('.tgme_widget_message[data-post]').length) return null;
  const posts = parseMessages($, options.pageUrl);
  return posts.find((p) => p.messageId === messageId || p.albumMessageIds?.includes(messageId)) ?? null;
}

function parseMessages($: CheerioAPI, pageUrl: string): TelegramPost[] {
  const posts: TelegramPost[] = [];
  $('.tgme_widget_message[data-post]').each((_, el) => {
    const post = parseMessage($, $(el), pageUrl);
    if (post) posts.push(post);
  });
  return posts;
}

/** One message element → a post; null for service messages and broken markup. */
export function parseMessage($: CheerioAPI, message: MessageNodes, pageUrl: string): TelegramPost | null {
  // 'Channel created', 'pinned a message', photo changes: not news.
  if (message.hasClass('service_message') || message.hasClass('tgme_widget_message_service')) return null;
  const ref = parsePostRef(message.attr('data-post'));
  if (!ref) return null;
  const date = readDate(message);
  if (!date) return null;

  const text = parseMessageText($, message, pageUrl);
  const media = parseMessageMedia($, message, pageUrl);
  const isAlbum = message.find('.tgme_widget_message_grouped_wrap').length > 0;
  const albumMessageIds = isAlbum ? (media.albumMessageIds.length ? media.albumMessageIds : [ref.messageId]) : undefined;

  const forwarded = message.find('.tgme_widget_message_forwarded_from_name').first();
  const reply = message.find('a.tgme_widget_message_reply, .tgme_widget_message_reply[href]').first();
  const meta = message.find('.tgme_widget_message_meta').first();

  return {
    channel: ref.channel,
    messageId: ref.messageId,
    groupedId: albumMessageIds ? String(albumMessageIds[0]) : undefined,
    albumMessageIds,
    date,
    text: text.text,
    html: text.html,
    links: text.links,
    hashtags: text.hashtags,
    photos: media.photos,
    videos: media.videos,
    voice: media.voice,
    documents: media.documents,
    linkPreview: media.linkPreview,
    forwardedFrom: forwarded.length ? tidyText(forwarded.text()) || undefined : undefined,
    forwardedFromUrl: forwarded.length ? resolveUrl(forwarded.attr('href'), pageUrl) : undefined,
    replyTo: reply.length ? messageIdFromHref(reply.attr('href')) : undefined,
    views: parseViews(message.find('.tgme_widget_message_views').first().text()),
    // The footer reads 'edited 12:30' for edited posts.
    edited: /\bedited\b/i.test(meta.text()),
    mediaUnsupported: media.mediaUnsupported,
  };
}

function readDate(message: MessageNodes): Date | undefined {
  // Video and voice durations are <time> elements too, but without datetime.
  const stamp =
    message.find('.tgme_widget_message_date time[datetime]').first().attr('datetime') ??
    message.find('time[datetime]').last().attr('datetime');
  if (!stamp) return undefined;
  const date = new Date(stamp);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

// The 'load more' anchors carry the cursor (data-before / data-after); the
// <link rel="prev|next"> tags in the head say the same thing.
function cursor($: CheerioAPI, attribute: 'data-before' | 'data-after', param: 'before' | 'after'): number | undefined {
  const fromAnchor = Number($(`.tme_messages_more[${attribute}]`).first().attr(attribute));
  if (Number.isInteger(fromAnchor) && fromAnchor > 0) return fromAnchor;
  const rel = param === 'before' ? 'prev' : 'next';
  const href = $(`link[rel="${rel}"]`).attr('href');
  if (!href) return undefined;
  const value = Number(new URL(href, 'https://t.me').searchParams.get(param));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
