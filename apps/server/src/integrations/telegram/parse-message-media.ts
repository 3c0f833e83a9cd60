// The media of one widget message: photos (single or album), videos, round
// videos, a voice note, documents and the link preview card.
import type { CheerioAPI } from 'cheerio';
import type { MessageNodes } from './parse-message-text.ts';
import { tidyText } from './parse-message-text.ts';
import type { TelegramDocument, TelegramLinkPreview, TelegramPhoto, TelegramPost, TelegramVideo, TelegramVoice } from './types.ts';
import {
  backgroundImageUrl,
  messageIdFromHref,
  parseDuration,
  resolveUrl,
  stylePaddingTopPercent,
  styleWidth,
} from './markup-values.ts';

/** The media part of a TelegramPost, with the album's message ids (ascending; empty when no album). */
export type MessageMedia = Pick<TelegramPost, 'photos' | 'videos' | 'voice' | 'documents' | 'linkPreview' | 'mediaUnsupported'>
  & { albumMessageIds: number[] };

// A replied-to message and a link preview card carry their own thumbnails and
// photo wraps; they belong to someone else's post, not this one.
const FOREIGN = '.tgme_widget_message_reply, .tgme_widget_message_link_preview';

export function parseMessageMedia($: CheerioAPI, message: MessageNodes, pageUrl: string): MessageMedia {
  const own = (selector: string) => message.find(selector).filter((_, el) => $(el).closest(FOREIGN).length === 0);
  const url = (raw: string | undefined) => resolveUrl(raw, pageUrl);

  const photos: TelegramPhoto[] = [];
  own('.tgme_widget_message_photo_wrap').each((_, el) => {
    const wrap = $(el);
    const photoUrl = url(backgroundImageUrl(wrap.attr('style')));
    if (!photoUrl || photos.some((p) => p.url === photoUrl)) return;
    photos.push({ url: photoUrl, ...photoId(wrap.attr('class')), ...photoSize(wrap.attr('style'), wrap.attr('data-ratio'), wrap.find('.tgme_widget_message_photo').attr('style')) });
  });

  const videos: TelegramVideo[] = [];
  own('.tgme_widget_message_video_player, .tgme_widget_message_roundvideo_player').each((_, el) => {
    const player = $(el);
    const round = player.hasClass('tgme_widget_message_roundvideo_player');
    // 'Media is too big': Telegram keeps the thumbnail and duration but not the file.
    const tooBig = player.hasClass('not_supported') || player.find('.message_media_not_supported').length > 0;
    const source = player.find('video').filter((_, v) => !$(v).hasClass('blured')).first().attr('src');
    const thumb = player.find(round ? '.tgme_widget_message_roundvideo_thumb' : '.tgme_widget_message_video_thumb').attr('style');
    const duration = player.find(round ? '.tgme_widget_message_roundvideo_duration' : '.message_video_duration').first().text();
    videos.push({
      url: tooBig ? undefined : url(source),
      thumbUrl: url(backgroundImageUrl(thumb)),
      durationSec: parseDuration(duration),
      tooBig,
      round,
    });
  });

  const voiceAudio = own('audio.tgme_widget_message_voice, .tgme_widget_message_voice_player audio').first();
  const voiceDuration = own('.tgme_widget_message_voice_duration').first();
  const voice: TelegramVoice | undefined =
    voiceAudio.length || voiceDuration.length
      ? { url: url(voiceAudio.attr('src')), durationSec: parseDuration(voiceDuration.text()) }
      : undefined;

  const documents: TelegramDocument[] = [];
  own('.tgme_widget_message_document').each((_, el) => {
    const title = tidyText($(el).find('.tgme_widget_message_document_title').first().text());
    const size = tidyText($(el).find('.tgme_widget_message_document_extra').first().text());
    if (title) documents.push({ title, ...(size ? { size } : {}) });
  });

  const albumMessageIds = [
    ...new Set(
      own('.grouped_media_wrap')
        .map((_, el) => messageIdFromHref($(el).attr('href')))
        .get()
        .filter((id): id is number => id !== undefined),
    ),
  ].sort((a, b) => a - b);

  return {
    photos,
    videos,
    voice,
    documents,
    linkPreview: parseLinkPreview($, message, pageUrl),
    albumMessageIds,
    mediaUnsupported: hasUnsupportedNotice($, message),
  };
}

function parseLinkPreview($: CheerioAPI, message: MessageNodes, pageUrl: string): TelegramLinkPreview | undefined {
  const card = message.find('.tgme_widget_message_link_preview').first();
  const href = resolveUrl(card.attr('href'), pageUrl);
  if (!card.length || !href) return undefined;
  const text = (selector: string) => {
    const node = card.find(selector).first().clone();
    node.find('br').replaceWith('\n');
    return tidyText(node.text()) || undefined;
  };
  const image = card.find('.link_preview_image, .link_preview_right_image, .link_preview_video_thumb, .tgme_widget_message_photo_wrap').first();
  return {
    url: href,
    siteName: text('.link_preview_site_name'),
    title: text('.link_preview_title'),
    description: text('.link_preview_description'),
    imageUrl: resolveUrl(backgroundImageUrl(image.attr('style')), pageUrl),
  };
}

// Pages carry a hidden 'please open Telegram' fallback beside content they can
// show (media_supported_cont); only a notice with nothing shown instead counts.
function hasUnsupportedNotice($: CheerioAPI, message: MessageNodes): boolean {
  const supportedShown = message.find('.media_supported_cont').length > 0;
  return message
    .find('.message_media_not_supported')
    .toArray()
    .some((el) => {
      const node = $(el);
      if (node.closest('.tgme_widget_message_video_player, .tgme_widget_message_roundvideo_player').length) return false;
      return !(supportedShown && node.closest('.media_not_supported_cont').length);
    });
}

// A single photo's wrap names Telegram's photo id as its first numeric class
// ('tgme_widget_message_photo_wrap 5373188328964352447 1251042897_456255935'); album tiles do not.
function photoId(classes: string | undefined): Pick<TelegramPhoto, 'fileId'> {
  const id = (classes ?? '').split(/\s+/).find((name) => /^-?\d+$/.test(name));
  return id ? { fileId: id } : {};
}

function photoSize(style: string | undefined, ratio: string | undefined, innerStyle: string | undefined): Omit<TelegramPhoto, 'url'> {
  const width = styleWidth(style);
  if (!width) return {};
  const aspect = Number(ratio);
  if (Number.isFinite(aspect) && aspect > 0) return { width, height: Math.round(width / aspect) };
  const padding = stylePaddingTopPercent(innerStyle);
  return padding ? { width, height: Math.round((width * padding) / 100) } : { width };
}
