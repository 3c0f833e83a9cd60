// One downloaded file into storage: sniffed by content, images and videos watermarked,
// the untouched original kept privately (so marks can be applied again and verified),
// and a media_assets row keyed by the storage key, so storing again replaces, never adds.
import type { Db } from '@chapar/db';
import type { Storage } from '../../integrations/storage/index.ts';
import { imageDhash } from './dhash.ts';
import { mediaRepo, type MediaAssetRow } from './repo.ts';
import { sniffMedia, type MediaKind } from './sniff.ts';
import { watermarkVideo } from './video-watermark.ts';
import { watermarkImage } from './watermark.ts';

export interface MediaDeps {
  db: Db;
  storage: Storage;
  originals: Storage;
  watermarkText: string;
}

export interface StoreMediaInput {
  /** 'tg/akhbar_rooz/103' or 'uploads/2026-11/ab12cd'. */
  keyBase: string;
  /** Order within the article; part of the file name. */
  position: number;
  /** What the file is for: 'image', 'video', 'thumb', 'audio', 'file'. */
  role: string;
  body: Buffer;
  sourceUrl: string | null;
  articleId?: number | null;
  /** Only these kinds are accepted; anything else is refused as unsupported. */
  accept: readonly MediaKind[];
}

export class UnsupportedMediaError extends Error {}

export async function storeMedia(deps: MediaDeps, input: StoreMediaInput): Promise<MediaAssetRow & { note?: string }> {
  const type = sniffMedia(input.body);
  if (!type || !input.accept.includes(type.kind)) throw new UnsupportedMediaError(type ? `${type.mimeType} is not accepted here` : 'unknown file type');
  let body = input.body;
  let mimeType = type.mimeType;
  let ext = type.ext;
  let width: number | undefined;
  let height: number | undefined;
  let durationSec: number | undefined;
  let watermarked = false;
  let note: string | undefined;
  if (type.kind === 'image') {
    const marked = await watermarkImage(input.body, deps.watermarkText);
    ({ body, mimeType, ext, width, height, watermarked } = marked);
  } else if (type.kind === 'video') {
    const marked = await watermarkVideo(input.body, deps.watermarkText, { mimeType, ext });
    ({ body, mimeType, ext, width, height, durationSec, watermarked, note } = marked);
  }
  const key = `${input.keyBase}/${input.position}-${input.role}.${ext}`;
  // The original first: a stored public file always has its original beside it.
  if (type.kind === 'image' || type.kind === 'video') await deps.originals.put(key, input.body, type.mimeType);
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
    durationSec: durationSec ?? null,
    watermarked,
    dhash: type.kind === 'image' ? await imageDhash(input.body) : null,
    position: input.position,
  });
  return { ...row, note };
}

/** Removes assets and their files (public and original). */
export async function deleteMedia(deps: MediaDeps, rows: Pick<MediaAssetRow, 'storageKey'>[]): Promise<void> {
  for (const row of rows) {
    await deps.storage.delete(row.storageKey);
    await deps.originals.delete(row.storageKey);
  }
  await mediaRepo.deleteKeys(deps.db, rows.map((r) => r.storageKey));
}
