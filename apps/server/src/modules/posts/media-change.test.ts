// A photo replaced under the same caption is an edit; the same photo under a fresh CDN address is
// not; and a post stored before photo ids were read (the old fingerprint, no ids in its payload)
// is the same post on the next check.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telegramPosts, type Database } from '@chapar/db';
import { openTestDatabase } from '@chapar/db/testing';
import { normalizePersian } from '@chapar/shared/text';
import type { TelegramPhoto, TelegramPost } from '../../integrations/telegram/index.ts';
import { mediaReplaced } from './media-change.ts';
import { postStore, toPayload } from './post-store.ts';

let database: Database;
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database?.close(); });

const SOURCE = 'photo_desk';
const cdn = (token: string) => `https://cdn4.telesco.pe/file/${token}.jpg`;
function post(messageId: number, photos: TelegramPhoto[], extra: Partial<TelegramPost> = {}): TelegramPost {
  return {
    channel: SOURCE, messageId, date: new Date('2026-11-18T06:00:00Z'), text: 'عکس روز: بارش برف در تهران', html: 'عکس روز: بارش برف در تهران',
    links: [], hashtags: [], photos, videos: [], documents: [], views: 10, edited: false, mediaUnsupported: false, ...extra,
  };
}

/** The fingerprint as posts were stored before photo ids were read, written out here so it stays frozen. */
function oldHash(p: TelegramPost): string {
  const media = [p.photos.length, p.videos.map((v) => (v.tooBig ? 'big' : 'v')).join(''), p.voice ? 'a' : '', p.linkPreview?.url ?? ''];
  return createHash('sha256').update(`${normalizePersian(p.text)}|${media.join('|')}`).digest('hex');
}

/** Stores `p` the way the code before this change did: its old hash, a payload without photo ids. */
async function storeTheOldWay(p: TelegramPost): Promise<void> {
  const payload = toPayload({ ...p, photos: p.photos.map(({ fileId: _id, ...rest }) => rest) });
  await database.db.insert(telegramPosts).values({
    source: SOURCE, telegramId: p.messageId, text: p.text, html: p.html, payload, contentHash: oldHash(p), postedAt: p.date, state: 'published',
  });
}

const save = (p: TelegramPost) => postStore.saveFetched(database.db, SOURCE, p);

describe('a post stored before photo ids were read', () => {
  it('is the same on the next check, learns its photo id, and a later swap is an edit', async () => {
    const single = post(1, [{ url: cdn('first-fetch'), fileId: '5373188328964352447', width: 800, height: 600 }]);
    const album = post(2, [
      { url: cdn('a1'), width: 453, height: 255 }, { url: cdn('a2'), width: 225, height: 225 }, { url: cdn('a3'), width: 226, height: 226 },
    ], { groupedId: '2', albumMessageIds: [2, 3, 4], videos: [{ url: cdn('v'), durationSec: 76, tooBig: false, round: false }] });
    await storeTheOldWay(single);
    await storeTheOldWay(album);

    // Fetched again after the change: fresh CDN tokens, the same photos.
    const again = await save({ ...single, photos: [{ ...single.photos[0], url: cdn('second-fetch') }] });
    expect(again.change).toBe('same');
    expect(again.row).toMatchObject({ state: 'published', editedAt: null });
    expect((again.row.payload.photos as TelegramPhoto[])[0].fileId).toBe('5373188328964352447');
    // Only the id was added: the stored address stays what the article was written from.
    expect((again.row.payload.photos as TelegramPhoto[])[0].url).toBe(cdn('first-fetch'));
    const albumAgain = await save({ ...album, photos: album.photos.map((p, i) => ({ ...p, url: cdn(`b${i}`) })) });
    expect(albumAgain.change).toBe('same');
    expect(albumAgain.row.editedAt).toBeNull();

    const swapped = await save({ ...single, photos: [{ url: cdn('third-fetch'), fileId: '5373188328964999999', width: 800, height: 600 }] });
    expect(swapped.change).toBe('edited');
    expect(swapped.row.state).toBe('new');
    expect(swapped.row.editedAt).toBeInstanceOf(Date);
  });
});

describe('a photo replaced under the same caption', () => {
  it('is an edit when Telegram\'s photo id changes, and the same post when only the CDN token does', async () => {
    const first = post(10, [{ url: cdn('t1'), fileId: '5429460311875460150', width: 800, height: 524 }]);
    expect((await save(first)).change).toBe('new');
    expect((await save({ ...first, photos: [{ ...first.photos[0], url: cdn('t2') }] })).change).toBe('same');
    const swapped = await save({ ...first, photos: [{ url: cdn('t3'), fileId: '5431234567890123456', width: 800, height: 524 }] });
    expect(swapped.change).toBe('edited');
    expect((await save({ ...first, photos: [{ url: cdn('t4'), fileId: '5431234567890123456', width: 800, height: 524 }] })).change).toBe('same');
  });

  it('in an album (no ids on t.me/s) is an edit when its aspect ratio changes, not when the tile is drawn at another size', async () => {
    const tiles = (second: TelegramPhoto) => [{ url: cdn('x1'), width: 453, height: 255 }, second, { url: cdn('x3'), width: 226, height: 226 }];
    const album = post(20, tiles({ url: cdn('x2'), width: 225, height: 225 }), { groupedId: '20', albumMessageIds: [20, 21, 22] });
    expect((await save(album)).change).toBe('new');
    // The single-post widget lays the album out at other widths: whole-pixel heights round differently.
    expect((await save({ ...album, photos: [{ url: cdn('y1'), width: 149, height: 84 }, { url: cdn('y2'), width: 74, height: 74 }, { url: cdn('y3'), width: 75, height: 75 }] })).change).toBe('same');
    expect((await save({ ...album, photos: tiles({ url: cdn('z2'), width: 225, height: 300 }) })).change).toBe('edited');
  });

  it('a video replaced by one of another length is an edit', async () => {
    const video = post(30, [], { videos: [{ url: cdn('v1'), thumbUrl: cdn('th1'), durationSec: 76, tooBig: false, round: false }] });
    expect((await save(video)).change).toBe('new');
    expect((await save({ ...video, videos: [{ ...video.videos[0], url: cdn('v2'), thumbUrl: cdn('th2') }] })).change).toBe('same');
    expect((await save({ ...video, videos: [{ ...video.videos[0], durationSec: 140 }] })).change).toBe('edited');
  });
});

describe('what is not compared', () => {
  const photo = (p: Partial<TelegramPhoto>): TelegramPhoto => ({ url: cdn('p'), ...p });
  it('a side without the id or the size, and photos read from different kinds of source', () => {
    const now = (p: Partial<TelegramPhoto>) => post(1, [photo(p)]);
    expect(mediaReplaced({ photos: [photo({ width: 800 })] }, now({ width: 800, height: 100 }))).toBe(false);
    expect(mediaReplaced({ photos: [photo({ fileId: '1' })] }, now({ width: 800, height: 600 }))).toBe(false);
    // MTProto's ids and sizes are its own: a channel moved from the web preview to MTProto is not edited by that.
    expect(mediaReplaced({ photos: [photo({ fileId: '1', width: 800, height: 450 })] }, now({ url: 'mtproto://c/1/0', fileId: '2', width: 1280, height: 1280 }))).toBe(false);
    // A stored payload without media (an empty one) compares nothing.
    expect(mediaReplaced({}, now({ fileId: '1', width: 1, height: 1 }))).toBe(false);
    // With an id on both sides the id decides, even against the ratio.
    expect(mediaReplaced({ photos: [photo({ fileId: '1', width: 800, height: 450 })] }, now({ fileId: '1', width: 800, height: 800 }))).toBe(false);
  });
});
