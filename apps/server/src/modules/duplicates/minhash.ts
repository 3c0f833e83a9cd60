// MinHash of a set of words and its locality-sensitive bands: two sets with Jaccard
// similarity J agree on each of the 64 values with probability J, and share at least
// one of the 21 bands of 3 values with probability 1 - (1 - J^3)^21 (0.94 at J = 0.5,
// 0.75 at J = 0.4, 0.16 at J = 0.2, 0.003 at J = 0.05), so reworded reports of one story
// meet in a band and unrelated texts rarely do.
export const MINHASH_SIZE = 64;
export const BAND_ROWS = 3;
export const BAND_COUNT = Math.floor(MINHASH_SIZE / BAND_ROWS);

/** FNV-1a, 32 bits. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Murmur3's finaliser: a good 32-bit mix. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const SEEDS = Array.from({ length: MINHASH_SIZE }, (_, i) => mix(0x9e3779b9 + i * 0x7f4a7c15));

export function minhash(words: Iterable<string>): Uint32Array {
  const out = new Uint32Array(MINHASH_SIZE).fill(0xffffffff);
  for (const word of words) {
    const h = hashString(word);
    for (let i = 0; i < MINHASH_SIZE; i++) {
      const v = mix(h ^ SEEDS[i]);
      if (v < out[i]) out[i] = v;
    }
  }
  return out;
}

/** The share of equal values: an estimate of the Jaccard similarity of the two sets. */
export function minhashSimilarity(a: Uint32Array, b: Uint32Array): number {
  let same = 0;
  for (let i = 0; i < MINHASH_SIZE; i++) if (a[i] === b[i] && a[i] !== 0xffffffff) same++;
  return same / MINHASH_SIZE;
}

// Band keys are 48-bit integers (exact in a double and in a bigint column): the kind of
// band in the top bits, then a 40-bit hash of what it covers.
const KEY_SPACE = 2 ** 40;
const bandKey = (kind: number, hash: number, extra: number) => kind * KEY_SPACE + ((mix(hash ^ extra) * 256 + (extra & 0xff)) % KEY_SPACE);

function bands(signature: Uint32Array, firstKind: number, count: number, rows: number): number[] {
  if (signature[0] === 0xffffffff) return [];
  const keys: number[] = [];
  for (let b = 0; b < count; b++) {
    let h = 0x811c9dc5 ^ b;
    for (let r = 0; r < rows; r++) h = Math.imul(h ^ signature[b * rows + r], 0x01000193) >>> 0;
    keys.push(bandKey(firstKind + b, h, signature[b * rows]));
  }
  return keys;
}

/** The text's LSH bands (kind 1..21); an empty set has none. */
export const textBands = (signature: Uint32Array) => bands(signature, 1, BAND_COUNT, BAND_ROWS);

/**
 * Lead bands (kind 64..71), over a lead's MinHash or a short text's whole one: 8 bands of 2
 * values, as a short post shares only about half a lead's words (0.9 at J = 0.5, 0.75 at
 * J = 0.4, 0.28 at J = 0.2), in 16 rows an article.
 */
export const leadBands = (signature: Uint32Array) => bands(signature, 64, 8, 2);

/**
 * An image's bands: its 64-bit difference hash cut into four 16-bit quarters; two
 * hashes at most 3 bits apart share a quarter for certain (kinds 20..23).
 */
export function imageBands(dhash: string): number[] {
  if (!/^[0-9a-f]{16}$/.test(dhash)) return [];
  return [0, 1, 2, 3].map((q) => (20 + q) * KEY_SPACE + Number.parseInt(dhash.slice(q * 4, q * 4 + 4), 16));
}

/** Figures paired into bands at most: the longest (rarest) first. */
const FIGURES_BANDED = 8;

/**
 * The figures' bands (kind 40): one for each pair of the story's distinctive figures, so a
 * report reworded beyond its words but keeping its figures still meets the original.
 */
export function figureBands(figures: string[]): number[] {
  const chosen = [...new Set(figures)].sort((a, b) => b.length - a.length || (a < b ? -1 : 1)).slice(0, FIGURES_BANDED).sort();
  const keys: number[] = [];
  for (let i = 0; i < chosen.length; i++) {
    for (let j = i + 1; j < chosen.length; j++) {
      const pair = `${chosen[i]}|${chosen[j]}`;
      keys.push(40 * KEY_SPACE + (hashString(pair) * 256 + (hashString(`f${pair}`) & 0xff)) % KEY_SPACE);
    }
  }
  return keys;
}

/**
 * The band every article indexed by this version of the detector carries (kind 63). An
 * article without it was indexed by an older version and is indexed again.
 */
export const INDEX_VERSION = 4;
export const versionBand = (version = INDEX_VERSION) => 63 * KEY_SPACE + version;

/** A video's band (kind 30). */
export function videoBand(videoKey: string): number {
  return 30 * KEY_SPACE + (hashString(videoKey) * 256 + (hashString(`v${videoKey}`) & 0xff)) % KEY_SPACE;
}

/** The number of set bits in a 32-bit integer. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** Hamming distance of two 64-bit hashes written as 16 hex digits. */
export function hammingHex(a: string, b: string): number {
  let distance = 0;
  for (let i = 0; i < 16; i += 8) {
    distance += popcount(Number.parseInt(a.slice(i, i + 8), 16) ^ Number.parseInt(b.slice(i, i + 8), 16));
  }
  return distance;
}

/**
 * A 4096-bit Bloom filter of a word set (3 probes a word): 'is this word in the text?' in 512
 * bytes, under half full up to about 940 distinct words. Index versions before 4 kept 1024
 * bits, past half full at 240 words, too few to read how much of a short post a long report
 * contains; `foldBloom` compares the two.
 */
export const BLOOM_WORDS = 128;

/** Where a word's k-th probe falls in a filter of `size` 32-bit words (a power of two). */
const probe = (h: number, k: number, size: number) => mix(h ^ SEEDS[k]) & (size * 32 - 1);

export function wordBloom(words: Iterable<string>, size = BLOOM_WORDS): Uint32Array {
  const bits = new Uint32Array(size);
  for (const word of words) {
    const h = hashString(word);
    for (let k = 0; k < 3; k++) {
      const bit = probe(h, k, size);
      bits[bit >>> 5] |= 1 << (bit & 31);
    }
  }
  return bits;
}

export function bloomHas(bits: Uint32Array, word: string): boolean {
  const h = hashString(word);
  for (let k = 0; k < 3; k++) {
    const bit = probe(h, k, bits.length);
    if (!(bits[bit >>> 5] & (1 << (bit & 31)))) return false;
  }
  return true;
}

/**
 * The filter of the same words at a smaller size (`size` 32-bit words, a power of two): a
 * probe's place in the smaller filter is its place in the larger one cut to the smaller's bits.
 */
export function foldBloom(bits: Uint32Array, size: number): Uint32Array {
  if (bits.length === size) return bits;
  const out = new Uint32Array(size);
  for (let i = 0; i < bits.length; i++) out[i & (size - 1)] |= bits[i];
  return out;
}

/** 32-bit words as base64 text. */
export function encodeWords(words: Uint32Array): string {
  return Buffer.from(words.buffer, words.byteOffset, words.byteLength).toString('base64');
}

/** 32-bit words from base64 text: `count` of them (cut or padded with zeros), or as many as it holds. */
export function decodeWords(text: string, count?: number): Uint32Array {
  const bytes = Buffer.from(text, 'base64');
  count ??= bytes.length >> 2;
  const out = new Uint32Array(count);
  const n = Math.min(count, bytes.length >> 2);
  for (let i = 0; i < n; i++) out[i] = bytes.readUInt32LE(i * 4);
  return out;
}
