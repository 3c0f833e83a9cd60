// The content version in a stored file's name: `tg/akhbar_rooz/102/0-image.3fa9c01b.jpg`, the
// first 8 hex digits of the SHA-256 of the bytes served. Files are cached as immutable for 30
// days, so a file whose bytes change (a post's picture edited on Telegram, a mark applied again)
// is stored under a new name and the old one set aside (purged later): an address always means the same bytes.
// Names stored before versions (`…/0-image.jpg`) stay as they are until their file changes.
// See docs/decisions/0018-versioned-media-addresses.md.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

const EXT = /\.[A-Za-z0-9]+$/;
const VERSION = /\.[0-9a-f]{8}$/;

/** The version of these bytes: 8 hex digits. */
export function contentVersion(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 8);
}

/** The version of a file on disk, read as a stream (a video is never held whole in memory). */
export async function fileVersion(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex').slice(0, 8);
}

/** Where storeMedia puts a file: `{keyBase}/{position}-{role}.{version}.{ext}`. */
export function versionedMediaKey(keyBase: string, position: number, role: string, version: string, ext: string): string {
  return `${keyBase}/${position}-${role}.${version}.${ext}`;
}

/** The same file's key at another version (and extension): `…/0-image.jpg` or `…/0-image.1a2b3c4d.jpg` → `…/0-image.{version}.{ext}`. */
export function revisedMediaKey(key: string, version: string, ext: string): string {
  return `${key.replace(EXT, '').replace(VERSION, '')}.${version}.${ext}`;
}
