// Judges one pair of stories by every signal and says why: the fuzzy title
// similarity, the near-duplicate text similarity (MinHash of the content words), the
// shared keywords and numbers (two reports of different events on one topic differ in
// their numbers or names), the perceptual image hashes and the same video.
import { bloomHas, hammingHex, minhashSimilarity } from './minhash.ts';

export interface Signature {
  id: number;
  title: string;
  minhash: Uint32Array;
  titleWords: string[];
  bloom: Uint32Array;
  numbers: string[];
  keywords: string[];
  /** Perceptual image hashes (dHash, 16 hex digits). */
  images: string[];
  /** What identifies the article's video (size and length of the stored file, or its address). */
  video: string | null;
  wordCount: number;
  publishedAt: number;
}

/** What a pair is screened by before it is compared in full: the content hash, figures and media. */
export type Screen = Pick<Signature, 'id' | 'minhash' | 'numbers' | 'images' | 'video' | 'publishedAt'>;

export type MatchType = 'title' | 'content' | 'media' | 'video' | 'combined';

export interface PairAnalysis {
  titleSimilarity: number;
  contentSimilarity: number;
  mediaSimilarity: number;
  sameVideo: boolean;
  keywordMatches: string[];
  sharedNumbers: string[];
  /** Each headline names what the other report never mentions. */
  nameConflict: boolean;
  /** Each side has numbers the other lacks: figures of different events. */
  numberConflict: boolean;
  /** 0..1: how sure the pair is one story. */
  score: number;
  isDuplicate: boolean;
  /** Neither clearly the same story nor clearly not: an AI judge may decide. */
  borderline: boolean;
  matchType: MatchType;
  reasons: string[];
}

/** Fuzzy title similarity of 75% or more counts as similar. */
export const TITLE_SIMILAR = 0.75;
/** Difference hashes at most this many bits apart are the same picture. */
export const IMAGE_SAME_BITS = 8;

const pct = (x: number) => `${Math.round(x * 100)}٪`;
const faDigits = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);

function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  let curr = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      curr[j] = Math.min(prev[j] + 1, curr[j - 1] + 1, prev[j - 1] + (ca === b.charCodeAt(j - 1) ? 0 : 1));
    }
    [prev, curr] = [curr, prev];
  }
  return prev[b.length];
}

const ratio = (a: string, b: string) => (a.length + b.length ? 1 - levenshtein(a, b) / Math.max(a.length, b.length) : 0);

/**
 * Fuzzy title similarity (0..1), insensitive to word order: the better of the edit
 * similarity of the sorted words and of the shared words against each title's rest.
 */
export function titleSimilarity(a: string, b: string): number {
  if (!a || !b) return 0;
  if (a === b) return 1;
  const wa = a.split(' ').filter(Boolean);
  const wb = b.split(' ').filter(Boolean);
  const setB = new Set(wb);
  const shared = [...new Set(wa)].filter((w) => setB.has(w)).sort();
  // Titles that share nothing are not compared letter by letter.
  if (!shared.length) return Math.min(0.5, ratio(a, b));
  const sortedA = [...wa].sort().join(' ');
  const sortedB = [...wb].sort().join(' ');
  const base = shared.join(' ');
  const restA = [base, ...wa.filter((w) => !shared.includes(w)).sort()].join(' ').trim();
  const restB = [base, ...wb.filter((w) => !shared.includes(w)).sort()].join(' ').trim();
  return Math.max(ratio(sortedA, sortedB), ratio(restA, restB) * 0.95);
}

export function bestImageDistance(a: string[], b: string[]): number | null {
  let best: number | null = null;
  for (const x of a) for (const y of b) {
    const d = hammingHex(x, y);
    if (best === null || d < best) best = d;
  }
  return best;
}

/** Compares two stories. */
/**
 * A quick 'certainly not': texts with little in common and no picture or video shared. The
 * full scan skips the rest of the comparison for these (most candidate pairs). Below 0.2 a
 * pair is not even borderline; below 0.28 it is at most borderline (only an AI judge decides).
 */
export function clearlyDifferent(a: Screen, b: Screen, below = 0.2): boolean {
  if (a.video && a.video === b.video) return false;
  const distance = bestImageDistance(a.images, b.images);
  if (distance !== null && distance <= IMAGE_SAME_BITS) return false;
  const c = minhashSimilarity(a.minhash, b.minhash);
  if (c < below) return true;
  // Different figures on both sides rule a pair out unless the texts are near-identical.
  if (c < 0.97 && numbersConflict(a.numbers, b.numbers)) return true;
  return false;
}

function numbersConflict(a: string[], b: string[]): boolean {
  if (!a.length || !b.length) return false;
  const setB = new Set(b);
  const shared = a.filter((n) => setB.has(n)).length;
  return shared < a.length && shared < b.length && shared <= Math.min(a.length, b.length) / 2;
}

export function comparePair(a: Signature, b: Signature): PairAnalysis {
  const contentSimilarity = minhashSimilarity(a.minhash, b.minhash);
  const titleSim = titleSimilarity(a.title, b.title);
  const distance = bestImageDistance(a.images, b.images);
  const mediaSimilarity = distance === null ? 0 : 1 - distance / 64;
  const sameImage = distance !== null && distance <= IMAGE_SAME_BITS;
  const sameVideo = Boolean(a.video && a.video === b.video);
  const keysB = new Set(b.keywords);
  const keywordMatches = a.keywords.filter((k) => keysB.has(k));
  const numbersB = new Set(b.numbers);
  const sharedNumbers = a.numbers.filter((n) => numbersB.has(n));
  const onlyA = a.numbers.filter((n) => !numbersB.has(n));
  const onlyB = b.numbers.filter((n) => !a.numbers.includes(n));
  // Different figures on both sides, and the shared ones do not carry the story.
  const numberConflict = onlyA.length > 0 && onlyB.length > 0 && sharedNumbers.length <= Math.min(a.numbers.length, b.numbers.length) / 2;
  // Names in each headline that the other report never mentions: other places or people.
  const missingA = a.titleWords.filter((w) => !bloomHas(b.bloom, w));
  const missingB = b.titleWords.filter((w) => !bloomHas(a.bloom, w));
  const nameConflict = missingA.length >= 2 && missingB.length >= 2;
  const keywordShare = Math.min(a.keywords.length, b.keywords.length) ? keywordMatches.length / Math.min(a.keywords.length, b.keywords.length) : 0;

  const reasons: string[] = [];
  const titleSimilar = titleSim >= TITLE_SIMILAR;
  if (titleSimilar) reasons.push(`عنوان‌ها ${faDigits(pct(titleSim))} شبیه‌اند`);
  if (contentSimilarity >= 0.3) reasons.push(`متن‌ها ${faDigits(pct(contentSimilarity))} واژه‌های مشترک دارند`);
  if (keywordMatches.length) reasons.push(`کلیدواژه‌های مشترک: ${keywordMatches.slice(0, 6).join('، ')}`);
  if (sharedNumbers.length) reasons.push(`اعداد مشترک: ${faDigits(sharedNumbers.slice(0, 6).join('، '))}`);
  if (numberConflict) reasons.push(`اعداد متفاوت (${faDigits(onlyA.slice(0, 3).join('، '))} در برابر ${faDigits(onlyB.slice(0, 3).join('، '))}): احتمالاً دو رویداد جدا`);
  if (nameConflict) reasons.push(`نام‌های متفاوت در عنوان‌ها (${missingA.slice(0, 3).join('، ')} در برابر ${missingB.slice(0, 3).join('، ')})`);
  if (sameImage) reasons.push(`تصویر یکسان (فاصلهٔ همینگ ${faDigits(String(distance))} از ۶۴)`);
  if (sameVideo) reasons.push('ویدیوی یکسان');

  // The text decides first; the title, the keywords and the media add to a middling text.
  let score = contentSimilarity >= 0.7 ? 0.9 + (contentSimilarity - 0.7) / 3 : 0.5 + (contentSimilarity - 0.3) * 1.0;
  if (titleSimilar) score += 0.1;
  if (keywordShare >= 0.5) score += 0.05;
  if (sameImage) score += 0.25;
  if (sameVideo) score += 0.3;
  if (numberConflict) score -= 0.45;
  if (nameConflict) score -= 0.3;
  if (contentSimilarity < 0.15 && !sameImage && !sameVideo) score = Math.min(score, 0.3);
  score = Math.max(0, Math.min(1, score));

  // Different figures always tell events apart; different names only when the texts are not close.
  const conflict = numberConflict || (nameConflict && contentSimilarity < 0.55 && !sameImage && !sameVideo);
  const isDuplicate = conflict
    ? contentSimilarity >= 0.97 && titleSim >= 0.9
    : contentSimilarity >= 0.42
      || (contentSimilarity >= 0.28 && (titleSimilar || keywordShare >= 0.6))
      || ((sameImage || sameVideo) && (contentSimilarity >= 0.1 || keywordMatches.length >= 2 || titleSim >= 0.5));
  const borderline = !isDuplicate && !conflict && contentSimilarity >= 0.2;

  const signals = [titleSimilar, contentSimilarity >= 0.42, sameImage, sameVideo].filter(Boolean).length;
  const matchType: MatchType = signals > 1 ? 'combined' : sameVideo ? 'video' : sameImage ? 'media' : titleSimilar && contentSimilarity < 0.42 ? 'title' : 'content';
  return {
    titleSimilarity: titleSim, contentSimilarity, mediaSimilarity, sameVideo, keywordMatches, sharedNumbers, nameConflict, numberConflict,
    score: isDuplicate ? Math.max(score, 0.6) : Math.min(score, 0.59), isDuplicate, borderline, matchType, reasons,
  };
}
