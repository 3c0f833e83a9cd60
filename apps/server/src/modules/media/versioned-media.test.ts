// A picture whose bytes change gets an address no cache has seen (media-version.ts, decision
// 0018): a post whose photo was replaced on Telegram and synced again, and a mark applied again,
// move the article's cover, its body's figures, their variants and its page to the new address.
// An old address never serves the new bytes: a re-sync or a mark applied again sets its file
// aside (an undo of the run shows it again; the daily purge removes it later).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath, imageVariantUrl } from '@chapar/shared/text';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';
import { CHANNEL, startChannelServer, type ChannelServer } from '../../../testing/channel-server.ts';
import { FIXTURE_DIR } from '../../../testing/telegram-fixture-server.ts';
import { withOperation } from '../articles/change-log.ts';
import { operationsRepo } from '../operations/operations-repo.ts';
import { contentVersion } from './media-version.ts';
import { purgeSetAside } from './store-media.ts';
import { applyWatermarks } from './watermark-tasks.ts';

let t: TestApp;
let server: ChannelServer;
let dataDir: string;
let headers: { cookie: string; 'x-csrf-token': string };

type Row = { id: number; title: string; image_url: string | null; content: string };
const articleOf = async (telegramId: number) =>
  (await t.database.raw.query<Row>('select id, title, image_url, content from articles where telegram_id = $1', [telegramId])).rows[0]!;
const sync = async (telegramId: number) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/sync-telegram-post', headers, payload: { url: `https://t.me/${CHANNEL}/${telegramId}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ success: true });
  return res.json() as { operationId: number };
};
const get = (url: string) => t.app.inject({ method: 'GET', url });
const VERSIONED = (telegramId: number, name: string) => new RegExp(`^/media/tg/${CHANNEL}/${telegramId}/${name}\\.[0-9a-f]{8}\\.jpg$`);
/** The picture's addresses in the article's body, in order. */
const bodyImages = (content: string) => [...content.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]);

/** What a cache may keep: the file served 200 with a long-lived header. */
function servedImmutable(res: LightMyRequestResponse): boolean {
  return res.statusCode === 200 && /immutable|max-age=[1-9]\d{5,}/.test(String(res.headers['cache-control'] ?? ''));
}

/** The address serves these bytes under an immutable header, and its name is their version. */
async function expectServes(url: string): Promise<Buffer> {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['cache-control']).toContain('immutable');
  expect(url).toContain(`.${contentVersion(res.rawPayload)}.`);
  return res.rawPayload;
}

/** The old address and its variants serve nothing any more: certainly not the new bytes as immutable. */
async function expectGone(url: string, newBytes: Buffer): Promise<void> {
  for (const address of [url, imageVariantUrl(url, 320)!, imageVariantUrl(url, 1280)!]) {
    const res = await get(address);
    expect(res.statusCode, address).toBe(404);
    expect(servedImmutable(res) && res.rawPayload.equals(newBytes), address).toBe(false);
  }
}

/** A file set aside by a re-sync: still its own old bytes at its old address (never the new ones), for an undo. */
async function expectSetAside(url: string, oldBytes: Buffer, newBytes: Buffer): Promise<void> {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  expect(res.rawPayload.equals(oldBytes), url).toBe(true);
  expect(res.rawPayload.equals(newBytes), url).toBe(false);
}

/** The rendered article page shows `now` (the cover with its variants in the srcset) and nothing of `old`. */
async function expectPageShows(telegramId: number, now: string[], old: string[]): Promise<void> {
  const article = await articleOf(telegramId);
  const page = await get(articlePath(article));
  expect(page.statusCode).toBe(200);
  expect(page.body.includes(`srcSet="${imageVariantUrl(article.image_url!, 320)} 320w`), 'the cover\'s srcset').toBe(true);
  for (const url of [article.image_url!, ...now]) expect(page.body.includes(url), url).toBe(true);
  for (const url of old) expect(page.body.includes(url.replace(/\.jpg$/, '')), url).toBe(false);
}

beforeAll(async () => {
  server = await startChannelServer();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'chapar-versioned-'));
  t = await buildTestApp({
    ssr: true,
    config: {
      worker: true, dataDir, telegramWebBaseUrl: server.baseUrl, telegraphBaseUrl: server.baseUrl, jobRetryDelaySeconds: 1,
      channels: [{ role: 'primary', username: CHANNEL }],
    },
  });
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  headers = { cookie, 'x-csrf-token': csrfToken };
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a picture replaced on Telegram and synced again', () => {
  let resync: { operationId: number };
  let old: { cover: string; second: string };
  it('gets a new address for the cover, the body figure, the variants and the page; the old ones keep only their old bytes', async () => {
    await sync(102);
    await sync(103);
    const cover = await articleOf(102);
    const album = await articleOf(103);
    expect(cover.image_url).toMatch(VERSIONED(102, '0-image'));
    const [secondBefore, thirdBefore] = bodyImages(album.content);
    expect(secondBefore).toMatch(VERSIONED(103, '1-image'));
    const coverBytes = await expectServes(cover.image_url!);
    const secondBytes = await expectServes(secondBefore!);
    // The pages as readers (and the page cache) saw them.
    await expectPageShows(102, [cover.image_url!], []);
    await expectPageShows(103, [secondBefore!], []);

    // Edited on Telegram: another photo (at a new address, the fixture's photo id unchanged) and
    // the caption with it; a photo swapped alone is told by its id (posts/media-change.ts).
    server.edit(102, 'dollar-market.jpg', 'rain-north.jpg');
    server.edit(102, '۱۰۲٬۳۰۰ تومان رسید', '۱۰۴٬۸۰۰ تومان رسید');
    server.edit(103, 'book-fair-2.jpg', 'snow-tehran.jpg');
    server.edit(103, '۲۴۰۰ ناشر', '۲۵۰۰ ناشر');
    resync = await sync(102);
    await sync(103);
    old = { cover: cover.image_url!, second: secondBefore! };

    const coverAfter = await articleOf(102);
    expect(coverAfter.image_url).toMatch(VERSIONED(102, '0-image'));
    expect(coverAfter.image_url).not.toBe(cover.image_url);
    const newCover = await expectServes(coverAfter.image_url!);
    expect(newCover.equals(coverBytes)).toBe(false);
    // Its original is the picture Telegram now has.
    const original = await t.app.ingest.originals.get(coverAfter.image_url!.slice('/media/'.length));
    expect(original?.equals(await readFile(path.join(FIXTURE_DIR, 'media', 'rain-north.jpg')))).toBe(true);
    await expectSetAside(cover.image_url!, coverBytes, newCover);

    const [secondAfter, thirdAfter] = bodyImages((await articleOf(103)).content);
    expect(secondAfter).toMatch(VERSIONED(103, '1-image'));
    expect(secondAfter).not.toBe(secondBefore);
    // The picture that did not change keeps its address.
    expect(thirdAfter).toBe(thirdBefore);
    await expectSetAside(secondBefore!, secondBytes, await expectServes(secondAfter!));
    await expectServes(thirdAfter!);

    await expectPageShows(102, [coverAfter.image_url!], [cover.image_url!]);
    await expectPageShows(103, [secondAfter!, thirdAfter!], [secondBefore!]);
    // The feed names the new cover.
    const feed = await get('/rss.xml');
    expect(feed.body).toContain(coverAfter.image_url!);
    expect(feed.body).not.toContain(cover.image_url!);
  });

  it('an undo of the sync shows the old picture again; what stays set aside is purged after the retention', async () => {
    const undo = await t.app.inject({ method: 'POST', url: `/api/admin/operations/${resync.operationId}/undo`, headers, payload: {} });
    expect(undo.statusCode, undo.body).toBe(200);
    const back = await articleOf(102);
    expect(back.image_url).toBe(old.cover);
    await expectServes(old.cover);
    const { rows } = await t.database.raw.query<{ article_id: number | null; replaced_at: Date | null }>(
      'select article_id, replaced_at from media_assets where url = $1', [old.cover]);
    expect(rows).toEqual([{ article_id: back.id, replaced_at: null }]);

    // Post 103's old second picture stays set aside: the purge removes it (and its variants), not the cover shown again.
    const purged = await purgeSetAside(t.app.ingest.media, new Date(Date.now() + 60_000));
    expect(purged).toBeGreaterThanOrEqual(1);
    await expectGone(old.second, Buffer.alloc(0));
    await expectServes(old.cover);
    // Synced again, the post's picture moves on once more (what this test changed stays as the channel has it).
    await sync(102);
  });

  it('syncing the same picture again keeps its address', async () => {
    const before = await articleOf(102);
    await sync(102);
    expect((await articleOf(102)).image_url).toBe(before.image_url);
    await expectServes(before.image_url!);
  });
});

describe('a picture repair that finds the post\'s photo replaced', () => {
  it('sets the old file aside rather than removing it: an undo of the repair shows it again', async () => {
    const before = await articleOf(102);
    const oldBytes = await expectServes(before.image_url!);
    server.edit(102, 'rain-north.jpg', 'dollar-market.jpg');
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/fix-article-image/${before.id}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const { operationId } = res.json() as { operationId: number };
    const after = await articleOf(102);
    expect(after.image_url).toMatch(VERSIONED(102, '0-image'));
    expect(after.image_url).not.toBe(before.image_url);
    await expectSetAside(before.image_url!, oldBytes, await expectServes(after.image_url!));

    const undo = await t.app.inject({ method: 'POST', url: `/api/admin/operations/${operationId}/undo`, headers, payload: {} });
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await articleOf(102)).image_url).toBe(before.image_url);
    await expectServes(before.image_url!);
  });
});

describe('a mark applied again', () => {
  const s = () => ({ ...t.app.ingest, config: { ...t.app.ingest.config, watermarkText: 'چاپار — نشان تازه' } });
  let albumId: number;
  let before: { cover: string; body: string[] };
  let after: { cover: string; body: string[]; content: string };
  let bytes: Map<string, Buffer>;
  let operationId: number;
  const asideOf = async (url: string) =>
    (await t.database.raw.query<{ article_id: number | null; replaced_at: Date | null }>('select article_id, replaced_at from media_assets where url = $1', [url])).rows;

  it('moves a picture whose bytes change to a new address, in the cover and the body; the old file is set aside, still its old bytes', async () => {
    const album = await articleOf(103);
    albumId = album.id;
    before = { cover: album.image_url!, body: bodyImages(album.content) };
    bytes = new Map();
    for (const url of [before.cover, ...before.body]) bytes.set(url, await expectServes(url));
    // As run-job.ts runs the job: its article writes are kept for the operation's undo.
    const op = await operationsRepo.create(t.database.db, { kind: 'apply-watermarks', job: 'media-maintenance', params: {}, requestedBy: 'test' });
    operationId = op.id;
    await operationsRepo.start(t.database.db, op.id);
    const items = await withOperation(op.id, () => applyWatermarks(s(), [album.id]));
    await operationsRepo.finish(t.database.db, op.id, 'success', { processed: items.length }, { completed: true });
    expect(items.map((i) => i.status)).toEqual(['success', 'success', 'success']);

    const moved = await articleOf(103);
    after = { cover: moved.image_url!, body: bodyImages(moved.content), content: moved.content };
    expect(after.cover).toMatch(VERSIONED(103, '0-image'));
    expect(after.cover).not.toBe(before.cover);
    expect(after.body).toHaveLength(before.body.length);
    for (const [i, url] of after.body.entries()) {
      expect(url).toMatch(VERSIONED(103, `${i + 1}-image`));
      expect(url).not.toBe(before.body[i]);
    }
    // Each asset row follows its file, and its original is kept beside it.
    const { rows: assets } = await t.database.raw.query<{ storage_key: string; url: string }>(
      'select storage_key, url from media_assets where article_id = $1 order by position', [album.id]);
    expect(assets.map((a) => a.url)).toEqual([after.cover, ...after.body]);
    for (const asset of assets) expect(await t.app.ingest.originals.exists(asset.storage_key)).toBe(true);

    // The old addresses keep their own old bytes (never the new ones), off the article until the purge.
    for (const [old, now] of [[before.cover, after.cover], ...before.body.map((url, i) => [url, after.body[i]!] as const)] as const) {
      await expectSetAside(old, bytes.get(old)!, await expectServes(now));
      expect(await asideOf(old)).toEqual([{ article_id: null, replaced_at: expect.any(Date) }]);
    }
    await expectPageShows(103, after.body, before.body);
    // Within the retention, the daily purge leaves them.
    await purgeSetAside(t.app.ingest.media, new Date(Date.now() - t.app.ingest.config.trashRetentionDays * 86_400_000));
    await expectServes(before.cover);

    // The same mark once more changes no byte, so no address.
    await applyWatermarks(s(), [album.id]);
    expect((await articleOf(103)).content).toBe(after.content);
  });

  it('an undo of the run points the article at the old files again, which still serve and are back on it', async () => {
    const undo = await t.app.inject({ method: 'POST', url: `/api/admin/operations/${operationId}/undo`, headers, payload: {} });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({ success: true, restored: 1 });
    const back = await articleOf(103);
    expect(back.image_url).toBe(before.cover);
    expect(bodyImages(back.content)).toEqual(before.body);
    for (const old of [before.cover, ...before.body]) {
      expect((await expectServes(old)).equals(bytes.get(old)!)).toBe(true);
      expect(await asideOf(old)).toEqual([{ article_id: albumId, replaced_at: null }]);
    }
    await expectPageShows(103, before.body, after.body);
  });

  it('marked again, the old files are set aside once more and the purge removes them after the retention', async () => {
    const items = await applyWatermarks(s(), [albumId]);
    expect(items.every((i) => i.status === 'success')).toBe(true);
    const now = await articleOf(103);
    expect(now.image_url).toBe(after.cover);
    expect(bodyImages(now.content)).toEqual(after.body);
    for (const old of [before.cover, ...before.body]) expect(await asideOf(old)).toEqual([{ article_id: null, replaced_at: expect.any(Date) }]);

    // Another article's body, edited by hand, still shows the first old figure: the purge keeps that one, on that article.
    const keeper = await createArticle(t.database, { content: `<p>نقل از گزارش پیشین</p><figure><img src="${before.body[0]}" alt=""></figure>` });
    const purged = await purgeSetAside(t.app.ingest.media, new Date(Date.now() + 60_000));
    expect(purged).toBeGreaterThanOrEqual(2);
    expect((await expectServes(before.body[0])).equals(bytes.get(before.body[0])!)).toBe(true);
    expect(await asideOf(before.body[0])).toEqual([{ article_id: keeper.id, replaced_at: null }]);
    for (const [old, url] of [[before.cover, after.cover], ...before.body.slice(1).map((b, i) => [b, after.body[i + 1]!] as const)] as const) {
      await expectGone(old, await expectServes(url));
      expect(await asideOf(old)).toEqual([]);
      expect(await t.app.ingest.originals.exists(old.slice('/media/'.length))).toBe(false);
    }
    await expectPageShows(103, after.body, before.body);
  });
});
