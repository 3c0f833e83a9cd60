// Hand-built GramJS objects for tests, shaped like what Telegram returns for a channel.
import { Api, helpers } from 'telegram';

const long = (n: number | string) => helpers.returnBigInt(n);
export const CHANNEL_PEER = new Api.PeerChannel({ channelId: long(1001) });
// 2026-11-18 10:00:00 UTC
export const BASE_DATE = 1_794_996_000;

type MessageFields = ConstructorParameters<typeof Api.Message>[0];

export function message(id: number, text = '', fields: Partial<MessageFields> = {}): Api.Message {
  return new Api.Message({ id, peerId: CHANNEL_PEER, date: BASE_DATE + id * 60, message: text, post: true, views: 100 + id, ...fields });
}

export function photo(id: number, w = 1280, h = 720): Api.MessageMediaPhoto {
  const sizes = [
    new Api.PhotoSize({ type: 'm', w: 320, h: Math.round((320 * h) / w), size: 20_000 }),
    new Api.PhotoSizeProgressive({ type: 'y', w, h, sizes: [10_000, 90_000] }),
  ];
  return new Api.MessageMediaPhoto({
    photo: new Api.Photo({ id: long(id), accessHash: long(7), fileReference: Buffer.from('ref'), date: BASE_DATE, sizes, dcId: 4 }),
  });
}

export function document(attributes: Api.TypeDocumentAttribute[], mimeType = 'video/mp4', size = 2_516_582): Api.MessageMediaDocument {
  const thumbs = [new Api.PhotoSize({ type: 'm', w: 320, h: 180, size: 9_000 })];
  return new Api.MessageMediaDocument({
    document: new Api.Document({ id: long(9), accessHash: long(7), fileReference: Buffer.from('ref'), date: BASE_DATE, mimeType, size: long(size), thumbs, dcId: 4, attributes }),
  });
}

export function album(firstId: number, count: number, groupedId: string, captionOn = 0, caption = 'آلبوم'): Api.Message[] {
  return Array.from({ length: count }, (_, i) =>
    message(firstId + i, i === captionOn ? caption : '', { media: photo(firstId + i), groupedId: long(groupedId) }));
}

export function service(id: number): Api.MessageService {
  return new Api.MessageService({ id, peerId: CHANNEL_PEER, date: BASE_DATE + id * 60, action: new Api.MessageActionPinMessage() });
}
