// The podcast feed as Apple Podcasts and Spotify read it: every tag they require on the channel
// and on each episode, the square cover they ask for, and each enclosure downloaded at the
// length the feed states. Episodes are only the published articles whose MP3 is there.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasFfmpeg } from '../../../testing/system-tools.ts';
import { articles } from '@chapar/db';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';
import { allNamed, firstNamed, parseXml, type XmlNode } from '../../../testing/xml-tree.ts';
import { podcastGuid } from './podcast-feed.ts';

const BASE = 'https://chapar.example';
const OWNER = 'podcast@chapar.example';
const hour = 3_600_000;
let t: TestApp;
let dataDir: string;
let mp3: Buffer;
const ids: Record<string, number> = {};

/** Stores an MP3 the way the podcast job does (local storage under DATA_DIR/media). */
async function storePodcast(name: string, body: Buffer): Promise<string> {
  await mkdir(path.join(dataDir, 'media', 'podcasts'), { recursive: true });
  await writeFile(path.join(dataDir, 'media', 'podcasts', name), body);
  return `/media/podcasts/${name}`;
}

beforeAll(async () => {
  if (!hasFfmpeg) return;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'chapar-podcast-feed-'));
  // A real (silent) MP3, as the speech service would make one.
  const file = path.join(dataDir, 'one.mp3');
  await promisify(execFile)('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '1.2', '-ac', '1', '-b:a', '32k', file]);
  mp3 = await import('node:fs/promises').then((fs) => fs.readFile(file));
  t = await buildTestApp({ config: { dataDir, publicBaseUrl: BASE, podcastOwnerEmail: OWNER } });
  const db = t.database;
  ids.measured = (await createArticle(db, {
    title: 'بودجه سال آینده در مجلس', category: 'Economy', publishedAt: new Date(Date.now() - hour),
    podcastUrl: await storePodcast('1-aaaa.mp3', mp3), podcastBytes: mp3.length, podcastDuration: 1,
  })).id;
  // Made before sizes were kept: the length comes from the stored file.
  const longer = Buffer.concat([mp3, mp3]);
  ids.unmeasured = (await createArticle(db, {
    title: 'پیروزی تیم ملی فوتبال', category: 'Sports', publishedAt: new Date(Date.now() - 2 * hour),
    podcastUrl: await storePodcast('2-bbbb.mp3', longer), podcastDuration: 2,
  })).id;
  ids.missingFile = (await createArticle(db, { title: 'فایل صوتی گم‌شده', category: 'Politics', podcastUrl: '/media/podcasts/3-gone.mp3', publishedAt: new Date(Date.now() - 3 * hour) })).id;
  ids.noPodcast = (await createArticle(db, { title: 'خبر بی‌صدا', category: 'Economy', publishedAt: new Date(Date.now() - 4 * hour) })).id;
  ids.unpublished = (await createArticle(db, {
    title: 'پیش‌نویس با صدا', status: 'unpublished', podcastUrl: await storePodcast('5-cccc.mp3', mp3), podcastBytes: mp3.length, podcastDuration: 1,
  })).id;
});
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const children = (node: XmlNode, name: string) => node.children.filter((c) => c.name === name);
const only = (node: XmlNode, name: string) => {
  const found = children(node, name);
  expect(found, `<${name}>`).toHaveLength(1);
  return found[0];
};

async function channelOf(url: string) {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
  const rss = parseXml(res.body);
  expect(rss.attrs.version).toBe('2.0');
  return { channel: firstNamed(rss, 'channel'), res };
}

/** The channel tags Apple and Spotify require (and the ones they recommend). */
function expectShowTags(channel: XmlNode, self: string, cover: string) {
  expect(only(channel, 'title').text).toMatch(/^چاپار — پادکست/);
  expect(only(channel, 'description').text.length).toBeGreaterThan(20);
  expect(only(channel, 'link').text).toMatch(new RegExp(`^${BASE}/`));
  expect(only(channel, 'language').text).toBe('fa');
  expect(only(channel, 'copyright').text).toContain('چاپار');
  expect(only(channel, 'atom:link').attrs).toMatchObject({ href: self, rel: 'self', type: 'application/rss+xml' });
  expect(only(channel, 'itunes:image').attrs.href).toBe(cover);
  expect(firstNamed(only(channel, 'image'), 'url').text).toBe(cover);
  expect(only(channel, 'itunes:author').text).toBe('چاپار');
  const owner = only(channel, 'itunes:owner');
  expect(firstNamed(owner, 'itunes:name').text).toBe('چاپار');
  expect(firstNamed(owner, 'itunes:email').text).toBe(OWNER);
  const category = only(channel, 'itunes:category');
  expect(category.attrs.text).toBe('News');
  expect(only(category, 'itunes:category').attrs.text).toMatch(/News|Politics/);
  expect(only(channel, 'itunes:explicit').text).toBe('false');
  expect(only(channel, 'itunes:type').text).toBe('episodic');
  // The podcast namespace: the show's own id, derived from its feed address, and its lock.
  expect(only(channel, 'podcast:guid').text).toBe(podcastGuid(self));
  expect(only(channel, 'podcast:locked')).toMatchObject({ text: 'yes', attrs: { owner: OWNER } });
}

describe('podcastGuid', () => {
  it('is the podcast namespace\'s UUIDv5 of the feed address, without its scheme or trailing slashes', () => {
    // The namespace's own examples (podcast-namespace, docs/tags/guid.md).
    expect(podcastGuid('https://mp3s.nashownotes.com/pc20rss.xml')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    expect(podcastGuid('podnews.net/rss////')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c');
    expect(podcastGuid('https://podnews.net/rss/')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c');
  });
});

/** Each episode's required tags; the enclosure is downloaded and must be exactly as long as stated. */
async function expectEpisodes(channel: XmlNode) {
  const items = allNamed(channel, 'item');
  for (const item of items) {
    expect(only(item, 'title').text.length).toBeGreaterThan(0);
    expect(only(item, 'description').text.length).toBeGreaterThan(0);
    expect(only(item, 'link').text).toMatch(new RegExp(`^${BASE}/article/`));
    const guid = only(item, 'guid');
    expect(guid.attrs.isPermaLink).toBe('false');
    expect(guid.text).toMatch(/^chapar-podcast-\d+$/);
    expect(Number.isNaN(Date.parse(only(item, 'pubDate').text))).toBe(false);
    expect(only(item, 'itunes:duration').text).toMatch(/^[1-9]\d*$/);
    expect(only(item, 'itunes:episodeType').text).toBe('full');
    expect(only(item, 'itunes:explicit').text).toBe('false');
    const enclosure = only(item, 'enclosure').attrs;
    expect(enclosure.type).toBe('audio/mpeg');
    const url = new URL(enclosure.url);
    expect(url.origin).toBe(BASE);
    const audio = await get(url.pathname);
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.length).toBe(Number(enclosure.length));
    expect(audio.headers['cross-origin-resource-policy']).toBe('cross-origin');
  }
  return items;
}

async function expectSquareCover(url: string) {
  const res = await get(new URL(url).pathname);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/jpeg');
  expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  const meta = await sharp(res.rawPayload).metadata();
  expect(meta).toMatchObject({ format: 'jpeg', width: 3000, height: 3000, space: 'srgb' });
  // Apple's limit for artwork files.
  expect(res.rawPayload.length).toBeLessThan(512 * 1024);
}

describe.runIf(hasFfmpeg)('/podcast.xml', () => {
  it('carries every tag the directories require, episodes only for podcasts that exist, each enclosure at its exact length', async () => {
    const { channel, res } = await channelOf('/podcast.xml');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expectShowTags(channel, `${BASE}/podcast.xml`, `${BASE}/podcast-cover.jpg`);
    const items = await expectEpisodes(channel);
    expect(items.map((i) => only(i, 'guid').text)).toEqual([`chapar-podcast-${ids.measured}`, `chapar-podcast-${ids.unmeasured}`]);
    expect(items.map((i) => only(i, 'enclosure').attrs.length)).toEqual([String(mp3.length), String(2 * mp3.length)]);
    await expectSquareCover(`${BASE}/podcast-cover.jpg`);
  });

  it('keeps an episode\'s GUID when its podcast is made again at a new address', async () => {
    const again = Buffer.concat([mp3, mp3, mp3]);
    await t.database.db.update(articles).set({ podcastUrl: await storePodcast('1-dddd.mp3', again), podcastBytes: again.length })
      .where(eq(articles.id, ids.measured));
    t.app.contentChanged();
    const { channel } = await channelOf('/podcast.xml');
    const item = allNamed(channel, 'item').find((i) => only(i, 'enclosure').attrs.url.endsWith('/1-dddd.mp3'))!;
    expect(only(item, 'guid').text).toBe(`chapar-podcast-${ids.measured}`);
    expect(only(item, 'enclosure').attrs.length).toBe(String(again.length));
  });
});

describe.runIf(hasFfmpeg)('/podcast/{slug}.xml', () => {
  it('is one category\'s show with its own square cover', async () => {
    const { channel } = await channelOf('/podcast/sports.xml');
    expectShowTags(channel, `${BASE}/podcast/sports.xml`, `${BASE}/podcast-cover/sports.jpg`);
    expect(only(channel, 'title').text).toBe('چاپار — پادکست ورزش');
    const items = await expectEpisodes(channel);
    expect(items.map((i) => only(i, 'guid').text)).toEqual([`chapar-podcast-${ids.unmeasured}`]);
    await expectSquareCover(`${BASE}/podcast-cover/sports.jpg`);
  });

  it('answers a category that does not exist, or a malformed one, in Persian', async () => {
    for (const [url, status] of [['/podcast/nothing.xml', 404], ['/podcast/b%20ad.xml', 400], ['/podcast-cover/nothing.jpg', 404]] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().message).toMatch(/[\u0600-\u06ff]/);
    }
  });
});
