// One downloaded file into storage: sniffed by content, images and videos watermarked,
// the untouched original kept privately (so marks can be applied again and verified),
// and a media_assets row keyed by the storage key, so storing the same file again replaces, never
// adds. The key carries the content version (media-version.ts): different bytes get a new
// address, and the caller removes the old file once nothing shows it (ingest's stale media).
import { open, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '@chapar/db';
import type { Storage } from '../../integrations/storage/index.ts';
import { imageDhash } from './dhash.ts';
import { contentVersion, fileVersion, versionedMediaKey } from './media-version.ts';
import { mediaRepo, type MediaAssetRow } from './repo.ts';
import { sniffMedia, type MediaKind, type SniffedType } from './sniff.ts';
import { variantKeys } from './variants.ts';
import { posterFrame, probeVideo, VIDEO_NOTES, watermarkVideoFile } from './video-watermark.ts';
import { watermarkImage } from './watermark.ts';

export interface MediaDeps {
  db: Db;
  storage: Storage;
  originals: Storage;
  watermarkText: string;
  /** Where a tool's own (English) failure goes; the report gets the Persian note. */
  log?: { warn(msg: string): void };
}

export interface StoreMediaInput {
  /** 'tg/akhbar_rooz/103' or 'uploads/2026-11/ab12cd'. */
  keyBase: string;
  /** Order within the article; part of the file name. */
  position: number;
  /** What the file is for: 'image', 'video', 'thumb', 'audio', 'file'. */
  role: string;
  /** The file's bytes, or (for large files, videos above all) the path of a file on disk holding them. */
  body: Buffer | { file: string };
  sourceUrl: string | null;
  articleId?: number | null;
  /** Only these kinds are accepted; anything else is refused as unsupported. */
  accept: readonly MediaKind[];
}

export class UnsupportedMediaError extends Error {}

async function head(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function storeMedia(deps: MediaDeps, input: StoreMediaInput): Promise<MediaAssetRow & { note?: string }> {
  const type = sniffMedia(Buffer.isBuffer(input.body) ? input.body : await head(input.body.file));
  if (!type || !input.accept.includes(type.kind)) throw new UnsupportedMediaError(type ? `${type.mimeType} is not accepted here` : 'unknown file type');
  if (type.kind === 'video') return storeVideo(deps, input, type);
  const whole = Buffer.isBuffer(input.body) ? input.body : await readFile(input.body.file);
  return storeWhole(deps, { ...input, body: whole }, type);
}

async function storeWhole(deps: MediaDeps, input: StoreMediaInput & { body: Buffer }, type: SniffedType): Promise<MediaAssetRow & { note?: string }> {
  let body = input.body;
  let mimeType = type.mimeType;
  let ext = type.ext;
  let width: number | undefined;
  let height: number | undefined;
  let watermarked = false;
  if (type.kind === 'image') {
    const marked = await watermarkImage(input.body, deps.watermarkText);
    ({ body, mimeType, ext, width, height, watermarked } = marked);
  }
  const key = versionedMediaKey(input.keyBase, input.position, input.role, contentVersion(body), ext);
  // The original first: a stored public file always has its original beside it.
  if (type.kind === 'image') await deps.originals.put(key, input.body, type.mimeType);
  const stored = await deps.storage.put(key, body, mimeType);
  const row = await mediaRepo.upsert(deps.db, {
    articleId: input.articleId ?? null,
    kind: type.kind,
    storageKey: key,
    url: stored.url,
    sourceUrl: input.sourceUrl,
    mimeType,
    bytes: body.length,
    width: width ?? null,
    height: height ?? null,
    durationSec: null,
    watermarked,
    dhash: type.kind === 'image' ? await imageDhash(input.body) : null,
    position: input.position,
  });
  return row;
}

/**
 * A video, file to file: refused when ffprobe cannot read it, watermarked when ffmpeg can,
 * its duration measured and a poster frame stored beside it (`…/10-video.3fa9c01b.poster.jpg`).
 * Without ffmpeg it is stored as it came, unmarked and without a poster.
 */
async function storeVideo(deps: MediaDeps, input: StoreMediaInput, type: SniffedType): Promise<MediaAssetRow & { note?: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chapar-store-video-'));
  try {
    let source: string;
    if (Buffer.isBuffer(input.body)) {
      source = path.join(dir, `in.${type.ext}`);
      await writeFile(source, input.body);
    } else {
      source = input.body.file;
    }
    const info = await probeVideo(source);
    let final = source;
    let mimeType = type.mimeType;
    let ext = type.ext;
    let watermarked = false;
    let note: string | undefined;
    if (!info) {
      note = VIDEO_NOTES.missing;
    } else {
      const marked = path.join(dir, 'out.mp4');
      try {
        await watermarkVideoFile(source, marked, info, deps.watermarkText);
        final = marked;
        mimeType = 'video/mp4';
        ext = 'mp4';
        watermarked = true;
      } catch (error) {
        note = VIDEO_NOTES.failed;
        deps.log?.warn(`${input.keyBase}/${input.position}: video watermark failed: ${(error as Error).message.slice(0, 200)}`);
      }
    }
    const key = versionedMediaKey(input.keyBase, input.position, input.role, await fileVersion(final), ext);
    let posterUrl: string | null = null;
    const poster = path.join(dir, 'poster.jpg');
    if (info && (await posterFrame(final, poster, info.durationSec))) {
      posterUrl = (await deps.storage.putFile(posterKey(key), poster, 'image/jpeg')).url;
    }
    await deps.originals.putFile(key, source, type.mimeType);
    const stored = await deps.storage.putFile(key, final, mimeType);
    const row = await mediaRepo.upsert(deps.db, {
      articleId: input.articleId ?? null,
      kind: 'video',
      storageKey: key,
      url: stored.url,
      sourceUrl: input.sourceUrl,
      mimeType,
      bytes: (await stat(final)).size,
      width: info?.width ?? null,
      height: info?.height ?? null,
      durationSec: info?.durationSec ?? null,
      posterUrl,
      watermarked,
      dhash: null,
      position: input.position,
    });
    return { ...row, note };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Where a video's poster frame is kept: beside it, `…/10-video.3fa9c01b.poster.jpg` (a new video, a new poster address). */
export function posterKey(videoKey: string): string {
  return videoKey.replace(/\.[A-Za-z0-9]+$/, '.poster.jpg');
}

/** Removes assets and their files (public and original). */
export async function deleteMedia(deps: MediaDeps, rows: Pick<MediaAssetRow, 'storageKey'>[]): Promise<void> {
  for (const row of rows) {
    await deps.storage.delete(row.storageKey);
    await deps.originals.delete(row.storageKey);
    // What was made from the file goes with it: image variants, a video's poster.
    for (const derived of [...variantKeys(row.storageKey), ...(/\.(?:mp4|webm)$/.test(row.storageKey) ? [posterKey(row.storageKey)] : [])]) await deps.storage.delete(derived);
  }
  await mediaRepo.deleteKeys(deps.db, rows.map((r) => r.storageKey));
}

/**
 * Of files about to be removed, those an article still shows (a picture an editor wrote into
 * another article, a duplicate given it, a body edited by hand) go to that article instead, and
 * those a deleted article (other than `besides`, the one being removed) shows are set aside again
 * for its restore; the rest are returned, to be removed.
 */
export async function unlessShown<T extends Pick<MediaAssetRow, 'storageKey' | 'url'>>(deps: MediaDeps, rows: T[], besides: number | null = null): Promise<T[]> {
  const gone: T[] = [];
  for (const row of rows) {
    const urls = [...new Set([row.url, deps.storage.url(row.storageKey)])];
    const shownBy = await mediaRepo.articleShowing(deps.db, urls);
    if (shownBy) await mediaRepo.attach(deps.db, [row.storageKey], shownBy);
    else if (await mediaRepo.trashShowing(deps.db, urls, besides)) await mediaRepo.setAside(deps.db, [row.storageKey], new Date());
    else gone.push(row);
  }
  return gone;
}

/** Files set aside (an edit of their post, a mark applied again) before `before`: removed, as deleted articles' files are, unless an article still shows one. How many were removed. */
export async function purgeSetAside(deps: MediaDeps, before: Date): Promise<number> {
  const gone = await unlessShown(deps, await mediaRepo.setAsideBefore(deps.db, before));
  await deleteMedia(deps, gone);
  return gone.length;
}
