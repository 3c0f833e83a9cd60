// How much of a short story a longer one contains: a post that repeats an article's lead
// shares too few words with the whole article for their Jaccard similarity to tell, but
// nearly every word of it is in the article. Read from the stored word Bloom filters (so
// a check, ingestion and the full scan judge a pair alike): the share of the short side's
// bits the long side has, less the share any word would find set by chance.
import { foldBloom, popcount } from './minhash.ts';

/** The short side's content words at least, and the long side's at least twice as many. */
export const CONTAINED_MIN_WORDS = 8;
/** This much of the short side in the long one is the same story... */
export const CONTAINED = 0.85;
/** ...and this much is for an AI judge to decide. */
export const CONTAINED_BORDERLINE = 0.7;
/** A repeated lead published days apart is a new event told the same way (a yearly warning). */
export const CONTAINED_WITHIN_MS = 3 * 86_400_000;
/** With more of its bits set than this, the long side's filter answers yes too often to be read. */
const MAX_FILL = 0.5;

/** What a signature (compare.ts) gives of each side. */
interface Side { bloom: Uint32Array; wordCount: number; publishedAt: number }

/**
 * The share (0..1) of the shorter story's words that the longer one has; null when the
 * pair is not a short story and a long one, or the estimate cannot be trusted.
 */
export function containment(a: Side, b: Side): number | null {
  const [short, long] = a.wordCount <= b.wordCount ? [a, b] : [b, a];
  if (short.wordCount < CONTAINED_MIN_WORDS || long.wordCount < 2 * short.wordCount) return null;
  // An unknown date (0) sets no window.
  if (a.publishedAt && b.publishedAt && Math.abs(a.publishedAt - b.publishedAt) > CONTAINED_WITHIN_MS) return null;
  // A filter of an older index (fewer bits) is read with the other folded to its size.
  const size = Math.min(short.bloom.length, long.bloom.length);
  if (!size) return null;
  const shortBits = foldBloom(short.bloom, size);
  const longBits = foldBloom(long.bloom, size);
  let own = 0;
  let shared = 0;
  let set = 0;
  for (let i = 0; i < size; i++) {
    own += popcount(shortBits[i]);
    shared += popcount(shortBits[i] & longBits[i]);
    set += popcount(longBits[i]);
  }
  const fill = set / (size * 32);
  if (!own || fill > MAX_FILL) return null;
  return Math.max(0, Math.min(1, (shared / own - fill) / (1 - fill)));
}
