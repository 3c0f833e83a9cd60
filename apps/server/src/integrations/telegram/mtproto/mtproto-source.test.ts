import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { TelegramFetchError } from '../telegram-fetch-error.ts';
import { FakeTelegram } from '../../../../testing/fake-mtproto-gateway.ts';
import { floodWaitError } from './flood-wait.ts';
import { createMtprotoSource } from './mtproto-source.ts';
import { album, message, service } from '../../../../testing/mtproto-test-messages.ts';

const ACCOUNT = { phone: '+989121234567', code: '12345', user: { id: '1', firstName: 'چاپار' } };
let telegram: FakeTelegram;

// Ids 1..60: text posts, an album at 30..32 and a pinned-message notice at 45.
function history() {
  const ids = Array.from({ length: 60 }, (_, i) => i + 1).filter((id) => id < 30 || id > 32);
  return [...ids.map((id) => (id === 45 ? service(id) : message(id, `پست ${id}`))), ...album(30, 3, '777')];
}

const source = (pageSize = 10) => createMtprotoSource(telegram.factory('logged-in'), { pageSize });

beforeEach(() => {
  telegram = new FakeTelegram().addAccount(ACCOUNT);
  telegram.sessions.set('logged-in', { loggedInAs: ACCOUNT.phone });
  telegram.channels.set('akhbar_rooz', history());
});

describe('createMtprotoSource: pages', () => {
  it('reads the latest page oldest first, with a cursor to older posts only', async () => {
    const page = await source().fetchPage('@akhbar_rooz');
    expect(page.posts.map((p) => p.messageId)).toEqual([51, 52, 53, 54, 55, 56, 57, 58, 59, 60]);
    expect(page.olderCursor).toBe(51);
    expect(page.newerCursor).toBeUndefined();
  });

  it('pages back with before and forward with after, service messages left out', async () => {
    const older = await source().fetchPage('akhbar_rooz', { before: 51 });
    expect(older.posts.map((p) => p.messageId)).toEqual([41, 42, 43, 44, 46, 47, 48, 49, 50]);
    expect(older).toMatchObject({ olderCursor: 41, newerCursor: 50 });

    const newer = await source().fetchPage('akhbar_rooz', { after: 50 });
    expect(newer.posts.map((p) => p.messageId)).toEqual([51, 52, 53, 54, 55, 56, 57, 58, 59, 60]);
    expect(newer).toMatchObject({ olderCursor: 51, newerCursor: 60 });
    const tail = await source().fetchPage('akhbar_rooz', { after: 55 });
    expect(tail.posts.map((p) => p.messageId)).toEqual([56, 57, 58, 59, 60]);
    expect(tail.newerCursor).toBeUndefined();
    const latest = await source().fetchPage('akhbar_rooz', { after: 60 });
    expect(latest).toEqual({ posts: [], olderCursor: undefined, newerCursor: undefined });
  });

  it('never splits an album across pages: a cut album waits for the next page', async () => {
    // Ids 31..40 would cut the album 30..32 at the page's older edge.
    const page = await source().fetchPage('akhbar_rooz', { before: 41 });
    expect(page.posts.map((p) => p.messageId)).toEqual([33, 34, 35, 36, 37, 38, 39, 40]);
    expect(page.olderCursor).toBe(33);
    const next = await source().fetchPage('akhbar_rooz', { before: page.olderCursor });
    const albumPost = next.posts.find((p) => p.messageId === 30);
    expect(albumPost).toMatchObject({ groupedId: '777', albumMessageIds: [30, 31, 32], text: 'آلبوم' });
    expect(albumPost?.photos).toHaveLength(3);
  });

  it('reaches the start of the channel without an older cursor', async () => {
    const first = await source(100).fetchPage('akhbar_rooz');
    expect(first.posts).toHaveLength(57);
    expect(first.olderCursor).toBeUndefined();
  });
});

describe('createMtprotoSource: single posts and media', () => {
  it('fetches one post, an album by any member, and null for a deleted message', async () => {
    expect((await source().fetchPost('akhbar_rooz', 12))?.text).toBe('پست 12');
    expect((await source().fetchPost('akhbar_rooz', 32))).toMatchObject({ messageId: 30, albumMessageIds: [30, 31, 32] });
    telegram.channels.set('akhbar_rooz', history().filter((m) => m.id !== 12));
    expect(await source().fetchPost('akhbar_rooz', 12)).toBeNull();
    expect(await source().fetchPost('akhbar_rooz', 45)).toBeNull();
  });

  it('downloads the media behind a post reference, fetching the message again', async () => {
    const post = await source().fetchPost('akhbar_rooz', 31);
    const bytes = await source().downloadMedia(post!.photos[1].url);
    expect(bytes.toString()).toBe('media-of-31');
    expect(telegram.callsOf('fetchMessages')).toHaveLength(2);
    expect((await source().downloadMedia('mtproto://akhbar_rooz/31/0?thumb=1')).toString()).toBe('media-of-31-thumb');
  });

  it('writes a video to a file as it arrives, refusing one over the cap, and never holds it whole', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'chapar-mtproto-'));
    try {
      telegram.mediaBodies.set(31, Buffer.alloc(5000, 3));
      const file = path.join(dir, 'video');
      expect(await source().downloadMediaToFile('mtproto://akhbar_rooz/31/0', file, 10_000)).toBe(5000);
      expect((await readFile(file)).equals(Buffer.alloc(5000, 3))).toBe(true);
      expect(telegram.callsOf('downloadMediaToFile')).toEqual(['downloadMediaToFile 31']);
      expect(telegram.callsOf('downloadMedia')).toEqual([]);
      await expect(source().downloadMediaToFile('mtproto://akhbar_rooz/31/0', path.join(dir, 'big'), 4999)).rejects.toThrow(/over the 4999 byte cap/);
      expect(await source().downloadMediaToFile('mtproto://akhbar_rooz/31/0?thumb=1', path.join(dir, 'thumb'), 10_000)).toBe('media-of-31-thumb'.length);
      await expect(source().downloadMediaToFile('mtproto://akhbar_rooz/12/0', path.join(dir, 'gone'), 10_000)).rejects.toMatchObject({ code: 'not_found' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses references it did not make, and reports media that is gone', async () => {
    await expect(source().downloadMedia('https://evil.example/x.jpg')).rejects.toMatchObject({ code: 'invalid_channel' });
    await expect(source().downloadMedia('mtproto://akhbar_rooz/12/0')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('createMtprotoSource: failures', () => {
  it('reports a flood wait as rate_limited with the wait, like the web preview does', async () => {
    telegram.failNext('fetchMessages', floodWaitError(900));
    const error = await source().fetchPage('akhbar_rooz').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TelegramFetchError);
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 900_000, transient: true });
  });

  it('reports unknown channels as not_found and refuses bad names without a call', async () => {
    await expect(source().fetchPage('no_such_channel')).rejects.toMatchObject({ code: 'not_found' });
    await expect(source().fetchPage('../admin')).rejects.toMatchObject({ code: 'invalid_channel' });
    expect(telegram.callsOf('fetchMessages')).toEqual(['fetchMessages no_such_channel']);
  });

  it('reports a logged-out session as an http_error 401', async () => {
    telegram.revokeAll();
    await expect(source().fetchPage('akhbar_rooz')).rejects.toMatchObject({ code: 'http_error', status: 401 });
  });
});
