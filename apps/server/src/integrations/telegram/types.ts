// What every Telegram source (public web preview, MTProto) hands to the ingest
// pipeline. Media URLs are absolute; the pipeline downloads and re-hosts them,
// because Telegram's CDN links expire.

export interface TelegramPhoto {
  url: string;
  /** Display size from the page's layout: good for the aspect ratio, not the original pixels. */
  width?: number;
  height?: number;
  /**
   * Telegram's id of the photo, where the source shows one (t.me/s: a single photo's wrap, not an
   * album tile; MTProto: every photo). Stays the same while the CDN address changes on each fetch.
   */
  fileId?: string;
}

export interface TelegramVideo {
  /** Missing when Telegram does not offer the file on the web ('Media is too big'). */
  url?: string;
  thumbUrl?: string;
  durationSec?: number;
  /** The web preview withheld the file; only the thumbnail and duration are known. */
  tooBig: boolean;
  /** A round 'video message' rather than an ordinary video. */
  round: boolean;
}

export interface TelegramVoice {
  url?: string;
  durationSec?: number;
}

export interface TelegramDocument {
  title: string;
  /** As Telegram shows it, e.g. '2.4 MB'. */
  size?: string;
}

export interface TelegramLinkPreview {
  url: string;
  siteName?: string;
  title?: string;
  description?: string;
  imageUrl?: string;
}

export interface TelegramPost {
  channel: string;
  messageId: number;
  /**
   * Present for albums. The web preview exposes no Telegram grouped id, so it is
   * the album's first message id as a string; compare it only within one source.
   */
  groupedId?: string;
  /** Every message id an album covers (one per photo or video), ascending. */
  albumMessageIds?: number[];
  date: Date;
  /** Plain text: line breaks kept, formatting dropped. */
  text: string;
  /** Sanitised formatting: only b, i, a[href], br, code and pre survive. */
  html: string;
  /** Absolute link targets in the text, hashtag searches excluded. */
  links: string[];
  /** Without the leading '#', in order of appearance, no duplicates. */
  hashtags: string[];
  photos: TelegramPhoto[];
  videos: TelegramVideo[];
  voice?: TelegramVoice;
  documents: TelegramDocument[];
  linkPreview?: TelegramLinkPreview;
  /** Name of the chat the post was forwarded from. */
  forwardedFrom?: string;
  forwardedFromUrl?: string;
  /** Id of the message this one replies to. */
  replyTo?: number;
  /** '4.4K' → 4400; 0 when the page shows no counter. */
  views: number;
  edited: boolean;
  /** Telegram showed 'please open Telegram to view this post' for some part (polls, stickers, ...). */
  mediaUnsupported: boolean;
}

export interface ChannelPage {
  /** Oldest first, as the page lists them. Service messages are left out. */
  posts: TelegramPost[];
  /** Pass as `before` to get the previous (older) page; absent at the start of the channel. */
  olderCursor?: number;
  /** Pass as `after` to get the next (newer) page; absent when the page is the latest. */
  newerCursor?: number;
}

export interface FetchPageOptions {
  before?: number;
  after?: number;
}

export interface TelegramSource {
  fetchPage(channel: string, options?: FetchPageOptions): Promise<ChannelPage>;
  /**
   * Null only when Telegram itself said the post does not exist (deleted, or never was). Any
   * answer that does not say so (an unreachable host, a redirect, a page without the post)
   * throws a TelegramFetchError: absence is not deletion.
   */
  fetchPost(channel: string, messageId: number): Promise<TelegramPost | null>;
  /**
   * For sources whose media URLs are not plain public addresses (MTProto, bundled demo
   * pages): fetches one of this source's media URLs itself. Without it, the pipeline
   * downloads the URL over HTTP from Telegram's hosts.
   */
  downloadMedia?(url: string): Promise<Buffer>;
  /**
   * Like downloadMedia, written to `file` as it arrives (videos: never whole in memory); a
   * file over `maxBytes` is refused. Answers the bytes written.
   */
  downloadMediaToFile?(url: string, file: string, maxBytes: number): Promise<number>;
}
