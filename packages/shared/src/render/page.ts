// The finishing of a rendered page, done where it was rendered (the server's thread or a render
// thread): the document around the app's markup, its ETag and its compressed bytes.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** The page as apps/web/src/app/entry-server.tsx renders it. */
export interface RenderResult {
  status: number;
  /** Set with a 3xx status: where to send the reader. */
  redirect?: string;
  head: string;
  html: string;
  stateScript: string;
  modules: string[];
  /** False when some data failed to load (5xx, network): the page must not be cached. */
  cacheable?: boolean;
}

/** The client build's manifest (apps/web/dist/client/.vite/manifest.json), as far as pages use it. */
export type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean; src?: string }>;

/** What every page is put into: index.html (with its font preloads) and the manifest. */
export interface PageShell {
  template: string;
  manifest: Manifest;
}

export type PageEncoding = 'br' | 'gzip';

/**
 * Pages rendered for one request are compressed once, so a cheap setting wins: for a 68 KB
 * article page brotli 3 takes ~0.3 ms for 11.5 KB, brotli 4 ~0.6 ms for 10.8 KB, brotli 5 ~2 ms
 * for 9.7 KB and brotli 11 ~120 ms for 8.8 KB (the hot cache makes that variant on the thread
 * pool for pages it keeps).
 */
export const PAGE_BR = { params: { [zlib.BROTLI_PARAM_QUALITY]: 3, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_LGWIN]: 20 } };
/**
 * Brotli's quality while every thread that makes pages is saturated (render-pool.ts): readers are
 * then waiting in line, and each page's compression is time taken from the pages behind it. For a
 * 120 KB home page quality 1 took 0.30 ms for 15.2 KB where quality 3 took 0.83 ms for 13.5 KB.
 */
export const PAGE_BR_QUALITY_UNDER_LOAD = 1;
export const PAGE_GZIP = { level: 3 };
/** Smaller pages are sent as they are. */
export const COMPRESS_MIN_BYTES = 1024;

/** PAGE_BR for a page of `bytes`; `underLoad`: at PAGE_BR_QUALITY_UNDER_LOAD. */
export function brotliOptions(bytes: number, underLoad = false) {
  const quality = underLoad ? { [zlib.BROTLI_PARAM_QUALITY]: PAGE_BR_QUALITY_UNDER_LOAD } : {};
  return { ...PAGE_BR, params: { ...PAGE_BR.params, ...quality, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes } };
}

/**
 * The page's bytes compressed for a reader who accepts `encoding`; undefined for a page too small
 * to compress. `underLoad`: the threads making pages are saturated, brotli goes faster.
 */
export function encodePage(body: Uint8Array, encoding: PageEncoding, underLoad = false): Uint8Array | undefined {
  if (body.length < COMPRESS_MIN_BYTES) return undefined;
  return encoding === 'br' ? brotliCompressSync(body, brotliOptions(body.length, underLoad)) : gzipSync(body, PAGE_GZIP);
}

export function etagOf(body: string | Uint8Array): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Links for the page's own chunks (and what they import) that the template does not already load. */
function preloadLinks(manifest: Manifest, modules: string[], template: string): string {
  const files = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  const links = [...css].filter((f) => !template.includes(`/${f}`)).map((f) => `<link rel="stylesheet" href="/${f}">`);
  for (const file of files) {
    if (!template.includes(`/${file}`)) links.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
  }
  return links.join('');
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;

/** Where utf8Join writes before the document is copied out; grows to the largest page seen, up to MAX_SCRATCH_BYTES. */
const MAX_SCRATCH_BYTES = 2 * 1024 * 1024;
let scratch = Buffer.allocUnsafeSlow(0);

/**
 * The pieces' UTF-8, one after another, in a buffer of its own (its memory can be moved to
 * another thread). `Buffer.from(a + b + …)` first flattens the joined text (a home page: 120 KB of
 * UTF-8, 240 KB of UTF-16 to copy), then reads it twice, once to count its bytes and once to write
 * them: 0.54–0.67 ms for a home page, where writing each piece into a buffer already large enough
 * and copying the bytes out took 0.17–0.23 ms. A piece takes at most three bytes per UTF-16 unit
 * (a surrogate pair, two units, takes four), so the scratch is made that large before writing.
 */
export function utf8Join(pieces: readonly string[]): Buffer {
  let units = 0;
  // Half of a surrogate pair at a piece's end would be written alone, as U+FFFD: joined as text
  // first, it meets its other half in the next piece, as Buffer.from would see it.
  let splitPair = false;
  for (const piece of pieces) {
    units += piece.length;
    if (isHighSurrogate(piece.charCodeAt(piece.length - 1))) splitPair = true;
  }
  // A document far larger than any page (an unusual 1 MB article) is not worth keeping memory for.
  if (splitPair || units * 3 > MAX_SCRATCH_BYTES) return Buffer.from(pieces.join(''));
  if (scratch.length < units * 3) scratch = Buffer.allocUnsafeSlow(units * 3);
  let at = 0;
  for (const piece of pieces) at += scratch.write(piece, at);
  const bytes = Buffer.allocUnsafeSlow(at);
  scratch.copy(bytes, 0, 0, at);
  return bytes;
}

/** A page ready to send: the whole document, or where a redirect goes. */
export interface FinishedPage {
  status: number;
  /** Set with a 3xx status. */
  redirect?: string;
  /**
   * The whole document in UTF-8; empty for a redirect. Bytes, not a string: a render thread
   * hands them to the server's thread without a copy (pageTransferList), where an article page's
   * document as a string was about 130 KB to copy, and a large object for that thread's collector.
   */
  body: Uint8Array;
  etag: string;
  /** False when some data failed to load: the page must not be cached. */
  cacheable: boolean;
  /** The document compressed as the reader asked, when that was asked of the renderer. */
  encoded?: { encoding: PageEncoding; body: Uint8Array };
}

/** Where the template takes the page's parts, in the order they come in it. */
const SLOTS = ['<!--app-head-->', '<!--app-html-->', '<!--app-state-->'] as const;
type Slot = (typeof SLOTS)[number];

/** The template cut at its slots: `text[i]` comes before `slots[i]`, and the last text after them all. */
interface CutTemplate {
  text: string[];
  slots: Slot[];
}
const cutTemplates = new WeakMap<PageShell, CutTemplate>();

function cutTemplate(shell: PageShell): CutTemplate {
  let cut = cutTemplates.get(shell);
  if (!cut) {
    cut = { text: [], slots: [] };
    let from = 0;
    for (const slot of SLOTS) {
      const at = shell.template.indexOf(slot, from);
      if (at < 0) continue;
      cut.text.push(shell.template.slice(from, at));
      cut.slots.push(slot);
      from = at + slot.length;
    }
    cut.text.push(shell.template.slice(from));
    cutTemplates.set(shell, cut);
  }
  return cut;
}

/**
 * The rendered app put into the document, with its ETag (unless asked not to), and compressed when
 * `encoding` is given (faster when `underLoad`: see encodePage).
 *
 * The template's pieces and the page's parts are written as UTF-8 one after another
 * (`utf8Join`), never joined as text: each `replace` on the template made another copy of the
 * whole page (a home page is 120 KB, 240 KB in memory), garbage for the render thread's collector.
 */
export interface FinishOptions {
  /** Compress the document this way too. */
  encoding?: PageEncoding;
  /** The threads making pages are saturated: compress faster (encodePage). */
  underLoad?: boolean;
  /**
   * False: the document's ETag is left to whoever receives the page (`etag` is empty), e.g. the
   * server's thread when the render threads are the busier side.
   */
  etag?: boolean;
}

export function finishPage(shell: PageShell, result: RenderResult, { encoding, underLoad = false, etag = true }: FinishOptions = {}): FinishedPage {
  const cacheable = result.cacheable !== false && result.status < 500;
  if (result.redirect) return { status: result.status, redirect: result.redirect, body: new Uint8Array(0), etag: etagOf(result.redirect), cacheable };
  const parts: Record<Slot, string> = {
    '<!--app-head-->': result.head + preloadLinks(shell.manifest, result.modules, shell.template),
    '<!--app-html-->': result.html,
    '<!--app-state-->': result.stateScript,
  };
  const { text, slots } = cutTemplate(shell);
  const pieces = [text[0]];
  slots.forEach((slot, i) => pieces.push(parts[slot], text[i + 1]));
  // The document is made UTF-8 once: for its ETag, its compression and the reader.
  const body = utf8Join(pieces);
  const page: FinishedPage = { status: result.status, body, etag: etag ? etagOf(body) : '', cacheable };
  const encoded = encoding && encodePage(body, encoding, underLoad);
  if (encoded) page.encoded = { encoding, body: encoded };
  return page;
}

/**
 * The memory of a finished page's bytes that they alone use, to be moved to the server's thread
 * with the page (postMessage's transfer list) instead of copied. Bytes that share their memory
 * (a slice of a larger buffer, Node's small-buffer pool) are copied as usual.
 */
export function pageTransferList(page: FinishedPage): ArrayBuffer[] {
  const owned = new Set<ArrayBuffer>();
  for (const bytes of [page.body, page.encoded?.body]) {
    if (!bytes || bytes.byteLength === 0 || !(bytes.buffer instanceof ArrayBuffer)) continue;
    if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) owned.add(bytes.buffer);
  }
  return [...owned];
}
