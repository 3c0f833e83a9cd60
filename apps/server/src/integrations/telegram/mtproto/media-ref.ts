// MTProto media has no URL anyone can fetch: posts carry references of the form
// mtproto://{channel}/{messageId}/{n}[?thumb=1], resolved by MtprotoSource.downloadMedia,
// which fetches the message again (file references expire) and downloads its media.

export interface MediaRef {
  channel: string;
  messageId: number;
  /** Which media of the message; a message carries one, so it is 0 today. */
  index: number;
  /** The media's largest thumbnail instead of the file (video posters). */
  thumb: boolean;
}

const REF_RE = /^mtproto:\/\/([A-Za-z][A-Za-z0-9_]{3,31})\/(\d+)\/(\d+)(\?thumb=1)?$/;

export function mediaRef(channel: string, messageId: number, options: { index?: number; thumb?: boolean } = {}): string {
  return `mtproto://${channel}/${messageId}/${options.index ?? 0}${options.thumb ? '?thumb=1' : ''}`;
}

export const isMediaRef = (url: string): boolean => url.startsWith('mtproto://');

/** The parts of a reference; undefined for anything not built by mediaRef(). */
export function parseMediaRef(ref: string): MediaRef | undefined {
  const match = REF_RE.exec(ref);
  if (!match) return undefined;
  const messageId = Number(match[2]);
  if (!Number.isSafeInteger(messageId) || messageId <= 0) return undefined;
  return { channel: match[1], messageId, index: Number(match[3]), thumb: Boolean(match[4]) };
}
