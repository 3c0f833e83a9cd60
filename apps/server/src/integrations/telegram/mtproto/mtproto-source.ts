// TelegramSource over a logged-in MTProto account: the same pages and posts as the
// public preview, but with full-size media, reliable edit marks and deletions
// (a deleted message comes back empty, so fetchPost answers null).
import { writeFile } from 'node:fs/promises';
import { Api } from 'telegram';
import { TelegramFetchError } from '../telegram-fetch-error.ts';
import type { ChannelPage, FetchPageOptions, TelegramPost, TelegramSource } from '../types.ts';
import type { FetchMessagesOptions, MtprotoGateway } from './gateway.ts';
import { parseMediaRef } from './media-ref.ts';
import { groupToPost, messagesToPosts } from './message-to-post.ts';
import { isMtprotoError } from './mtproto-error.ts';

export interface MtprotoSource extends TelegramSource {
  readonly kind: 'mtproto';
  /** The bytes behind an mtproto:// reference found in this source's posts. */
  downloadMedia(ref: string): Promise<Buffer>;
  downloadMediaToFile(ref: string, file: string, maxBytes: number): Promise<number>;
}

export interface MtprotoSourceOptions {
  /** Messages asked for per page (albums and service messages make fewer posts). */
  pageSize?: number;
}

// An album has at most 10 items, so ±9 ids around any member covers all of it.
const ALBUM_REACH = 9;
const CHANNEL_RE = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;

export function createMtprotoSource(gateway: MtprotoGateway, options: MtprotoSourceOptions = {}): MtprotoSource {
  const pageSize = options.pageSize ?? 40;
  /** The message behind an mtproto:// reference, fetched again (file references expire). */
  const messageOf = async (ref: string) => {
    const parsed = parseMediaRef(ref);
    if (!parsed) throw new TelegramFetchError('invalid_channel', `'${ref}' is not an mtproto media reference`, { url: ref, attempts: 0 });
    const batch = await guarded(parsed.channel, () => gateway.fetchMessages(parsed.channel, { ids: [parsed.messageId] }));
    const message = batch.messages.find((m): m is Api.Message => m instanceof Api.Message && m.id === parsed.messageId);
    if (!message?.media) throw new TelegramFetchError('not_found', `${ref}: the message or its media is gone`, { url: ref, attempts: 1 });
    return { channel: parsed.channel, message, thumb: parsed.thumb };
  };

  return {
    kind: 'mtproto',

    async fetchPage(channel: string, page: FetchPageOptions = {}): Promise<ChannelPage> {
      const name = checkChannel(channel);
      const { after } = page;
      const newer = after !== undefined;
      // Newer than `after`: the window just above it (add_offset = -limit), as GramJS's reverse iteration does.
      const query: FetchMessagesOptions = newer
        ? { offsetId: after + 1, addOffset: -pageSize, limit: pageSize }
        : { offsetId: page.before ?? 0, limit: pageSize };
      const batch = await guarded(name, () => gateway.fetchMessages(name, query));
      // Near the newest message Telegram fills the window with older ones; they belong to no 'after' page.
      const fetched = batch.messages.filter((m) => !newer || m.id > after);
      const full = fetched.length >= pageSize;
      let kept: Api.TypeMessage[] = fetched.filter((m) => !(m instanceof Api.MessageEmpty)).sort((a, b) => a.id - b.id);
      // A full page may cut an album at its far edge; leave that album to the next page,
      // whose cursor then starts right next to it.
      if (full) kept = dropCutAlbum(kept, newer ? 'newest' : 'oldest');
      const ids = kept.map((m) => m.id);
      return {
        posts: messagesToPosts(kept, { channel: name, peers: batch.peers }),
        olderCursor: ids.length && (newer || full) ? ids[0] : undefined,
        newerCursor: ids.length && (newer ? full : page.before !== undefined) ? ids[ids.length - 1] : undefined,
      };
    },

    async fetchPost(channel: string, messageId: number): Promise<TelegramPost | null> {
      const name = checkChannel(channel);
      const ids: number[] = [];
      for (let id = Math.max(1, messageId - ALBUM_REACH); id <= messageId + ALBUM_REACH; id++) ids.push(id);
      const batch = await guarded(name, () => gateway.fetchMessages(name, { ids }));
      const target = batch.messages.find((m): m is Api.Message => m instanceof Api.Message && m.id === messageId);
      if (!target) return null;
      const group = target.groupedId
        ? batch.messages.filter((m): m is Api.Message => m instanceof Api.Message && String(m.groupedId) === String(target.groupedId)).sort((a, b) => a.id - b.id)
        : [target];
      return groupToPost(group, { channel: name, peers: batch.peers });
    },

    async downloadMedia(ref: string): Promise<Buffer> {
      const { channel, message, thumb } = await messageOf(ref);
      return guarded(channel, () => gateway.downloadMedia(message, { thumb }));
    },

    async downloadMediaToFile(ref: string, file: string, maxBytes: number): Promise<number> {
      const { channel, message, thumb } = await messageOf(ref);
      if (thumb) {
        const bytes = await guarded(channel, () => gateway.downloadMedia(message, { thumb }));
        if (bytes.length > maxBytes) throw new Error(`${bytes.length} bytes is over the ${maxBytes} byte cap`);
        await writeFile(file, bytes);
        return bytes.length;
      }
      return guarded(channel, () => gateway.downloadMediaToFile(message, file, { maxBytes }));
    },
  };
}

function dropCutAlbum(messages: Api.TypeMessage[], edge: 'oldest' | 'newest'): Api.TypeMessage[] {
  const edgeMessage = edge === 'oldest' ? messages[0] : messages[messages.length - 1];
  const grouped = edgeMessage instanceof Api.Message ? edgeMessage.groupedId : undefined;
  if (!grouped) return messages;
  const rest = messages.filter((m) => !(m instanceof Api.Message) || String(m.groupedId) !== String(grouped));
  // A page holding nothing but one album is kept whole rather than emptied.
  return rest.length ? rest : messages;
}

function checkChannel(channel: string): string {
  const name = channel.trim().replace(/^@/, '');
  if (!CHANNEL_RE.test(name)) {
    throw new TelegramFetchError('invalid_channel', `'${channel}' is not a public channel username`, { url: `mtproto://${name}`, attempts: 0 });
  }
  return name;
}

/** Gateway failures in the terms the ingest jobs already handle for the web preview. */
async function guarded<T>(channel: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isMtprotoError(error)) throw error;
    const details = { url: `mtproto://${channel}`, attempts: 1, cause: error };
    if (error.code === 'flood_wait') throw new TelegramFetchError('rate_limited', error.message, { ...details, retryAfterMs: (error.waitSeconds ?? 0) * 1000 });
    if (error.code === 'channel_unavailable' || error.code === 'media_unavailable') throw new TelegramFetchError('not_found', error.message, details);
    if (error.code === 'network') throw new TelegramFetchError('network', error.message, details);
    throw new TelegramFetchError('http_error', error.message, { ...details, status: error.code === 'unauthorized' ? 401 : undefined });
  }
}
