// MTProto messages → TelegramPost, the shape every source hands to the ingest
// pipeline. Messages of one album (same grouped id) become one post.
import { Api } from 'telegram';
import { extractHashtags, tidyText } from '../parse-message-text.ts';
import type { TelegramPost } from '../types.ts';
import { entitiesToHtml } from './entities-to-html.ts';
import { peerKey, type PeerInfo } from './gateway.ts';
import { messageMedia } from './message-media.ts';

export interface PostContext {
  /** The channel's username, without '@'. */
  channel: string;
  /** Chats and users the messages name, to say where a forward came from. */
  peers?: Map<string, PeerInfo>;
}

/** Posts from a batch, oldest first; service messages and deleted ids are left out. */
export function messagesToPosts(messages: Api.TypeMessage[], context: PostContext): TelegramPost[] {
  const real = messages.filter((m): m is Api.Message => m instanceof Api.Message).sort((a, b) => a.id - b.id);
  const groups: Api.Message[][] = [];
  const albums = new Map<string, Api.Message[]>();
  for (const message of real) {
    const key = message.groupedId ? String(message.groupedId) : undefined;
    let group = key ? albums.get(key) : undefined;
    if (!group) {
      group = [];
      groups.push(group);
      if (key) albums.set(key, group);
    }
    group.push(message);
  }
  return groups.map((group) => groupToPost(group, context));
}

/** One message, or every message of one album in id order, → one post. */
export function groupToPost(group: Api.Message[], { channel, peers }: PostContext): TelegramPost {
  const [first] = group;
  // An album's caption sits on one of its messages, usually but not always the first.
  const captioned = group.find((m) => m.message?.trim()) ?? first;
  const raw = captioned.message ?? '';
  const { html, links } = entitiesToHtml(raw, captioned.entities);
  const text = tidyText(raw);
  const media = group.map((m) => messageMedia(m, channel));
  const album = first.groupedId ? { groupedId: String(first.groupedId), albumMessageIds: group.map((m) => m.id) } : {};

  return {
    channel,
    messageId: first.id,
    ...album,
    date: new Date(first.date * 1000),
    text,
    html,
    links,
    hashtags: extractHashtags(text),
    photos: media.flatMap((m) => m.photos),
    videos: media.flatMap((m) => m.videos),
    voice: media.find((m) => m.voice)?.voice,
    documents: media.flatMap((m) => m.documents),
    linkPreview: media.find((m) => m.linkPreview)?.linkPreview,
    ...forwardOrigin(first.fwdFrom, peers),
    replyTo: group.map(replyToId).find((id) => id !== undefined),
    views: Math.max(0, ...group.map((m) => m.views ?? 0)),
    // editHide marks edits Telegram itself does not show (a bot updating buttons).
    edited: group.some((m) => Boolean(m.editDate) && !m.editHide),
    mediaUnsupported: media.some((m) => m.mediaUnsupported),
  };
}

/** Only replies within the same channel: a reply to another chat has no id here. */
function replyToId(message: Api.Message): number | undefined {
  const reply = message.replyTo;
  return reply instanceof Api.MessageReplyHeader && !reply.replyToPeerId ? reply.replyToMsgId : undefined;
}

function forwardOrigin(header: Api.TypeMessageFwdHeader | undefined, peers?: Map<string, PeerInfo>): Pick<TelegramPost, 'forwardedFrom' | 'forwardedFromUrl'> {
  if (!(header instanceof Api.MessageFwdHeader)) return {};
  const peer = header.fromId ? peers?.get(peerKey(header.fromId)) : undefined;
  const name = header.fromName || peer?.title || header.postAuthor;
  const url = peer?.username ? `https://t.me/${peer.username}${header.channelPost ? `/${header.channelPost}` : ''}` : undefined;
  return { forwardedFrom: name || undefined, forwardedFromUrl: url };
}
