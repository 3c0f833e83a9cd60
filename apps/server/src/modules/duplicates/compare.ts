// Judges one pair of stories by every signal and says why: the fuzzy title
// similarity, the near-duplicate text similarity (MinHash of the content words), the
// shared keywords and figures (two reports of different events on one topic differ in
// their figures or names), how much of a short story a long one contains (containment.ts),
// the perceptual image hashes and the same video. The verdict
// is one of a few named rules; the overall similarity shown beside it is a weighted mean
// of the parts (overall.ts), and the confidence a calibrated reading of the score.
import { CONTAINED, CONTAINED_BORDERLINE, containment } from './containment.ts';
import { distinctiveFigures } from './features.ts';
import { bloomHas, hammingHex, minhashSimilarity } from './minhash.ts';
import { DUPLICATE_SCORE, overallSimilarity, type OverallSimilarity } from './overall.ts';

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
  /** MinHashes of the leads, on a signature just built from a text (the index keeps only their bands). */
  leads?: Uint32Array[];
}

/** What a pair is screened by before it is compared in full: the content hash, figures, media and length. */
export type Screen = Pick<Signature, 'id' | 'minhash' | 'numbers' | 'images' | 'video' | 'wordCount' | 'publishedAt'>;

export type MatchType = 'title' | 'content' | 'media' | 'video' | 'combined';

/** The rule that decided a pair (named in its reasons). */
export type DecisionRule = 'text' | 'text_and_title' | 'figures' | 'contained' | 'media' | 'near_identical' | 'conflict' | 'weak';

export interface PairAnalysis {
  titleSimilarity: number;
  contentSimilarity: number;
  /** 0..1, 0 for unrelated pictures; 0 (and weighed 0) when a side has neither picture nor video. */
  mediaSimilarity: number;
  /** The share of the smaller side's distinctive figures that the other has; null when a side has none. */
  figureSimilarity: number | null;
  /** The share of the shorter story's words the longer one has; null unless one is short and the other long. */
  containment: number | null;
  /** The overall similarity: its value, the weights it used and the parts. */
  overall: OverallSimilarity;
  sameVideo: boolean;
  keywordMatches: string[];
  sharedNumbers: string[];
  /** Each headline names what the other report never mentions. */
  nameConflict: boolean;
  /** Each side has numbers the other lacks: figures of different events. */
  numberConflict: boolean;
  /** 0..1, the decision score: at least DUPLICATE_SCORE exactly when the pair is a duplicate. */
  score: number;
  isDuplicate: boolean;
  /** Neither clearly the same story nor clearly not: an AI judge may decide. */
  borderline: boolean;
  matchType: MatchType;
  rule: DecisionRule;
  reasons: string[];
}

/** Fuzzy title similarity of 75% or more counts as similar. */
export const TITLE_SIMILAR = 0.75;
/** Difference hashes at most this many bits apart are the same picture. */
export const IMAGE_SAME_BITS = 8;
/** Two unrelated pictures' hashes differ in about half their 64 bits: that is similarity 0. */
const IMAGE_UNRELATED_BITS = 32;
/** Figures the figures rule needs in common, and the share of the smaller side's they must be. */
const FIGURES_SHARED = 3;
const FIGURES_SHARE = 0.75;
/** Below this content similarity a pair is clearly different whatever its figures say. */
const FIGURES_FLOOR = 0.15;

const faDigits = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);
const pct = (x: number) => faDigits(`${Math.round(x * 100)}٪`);
const FIGURE_FORMAT = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 3 });
/** Figures as an admin reads them: Persian digits, grouped ('۱۲۰٬۰۰۰', '۵٫۲'). */
const figureList = (values: string[]) => values.map((v) => FIGURE_FORMAT.format(Number(v))).join('، ');

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

/**
 * A quick 'certainly not': texts with little in common, no picture or video shared and
 * no agreeing figures. The full scan skips the rest of the comparison for these (most
 * candidate pairs). Below 0.2 a pair is not even borderline; below 0.28 it is at most
 * borderline (only an AI judge decides) unless its figures agree. `conflicts`: different
 * figures rule a pair out too (the scan); a single check compares those in full, since the
 * nearest article, a duplicate or not, is what its confidence is read from.
 */
export function clearlyDifferent(a: Screen, b: Screen, below = 0.2, conflicts = true): boolean {
  if (a.video && a.video === b.video) return false;
  const distance = bestImageDistance(a.images, b.images);
  if (distance !== null && distance <= IMAGE_SAME_BITS) return false;
  const c = minhashSimilarity(a.minhash, b.minhash);
  // Too little text in common for agreeing figures to count (most pairs): no need to read them.
  if (c < below && c < FIGURES_FLOOR) return true;
  // Different figures on both sides rule a pair out unless the texts are near-identical.
  if (conflicts && c < 0.97 && numbersConflict(a.numbers, b.numbers)) return true;
  if (c < below) return !(c >= FIGURES_FLOOR && figures(a.numbers, b.numbers).agree);
  return false;
}

function numbersConflict(a: string[], b: string[]): boolean {
  if (!a.length || !b.length) return false;
  const setB = new Set(b);
  const shared = a.filter((n) => setB.has(n)).length;
  return shared < a.length && shared < b.length && shared <= Math.min(a.length, b.length) / 2;
}

/** The distinctive figures both stories give, and how much of the smaller side's that is (at least three counted). */
function figures(a: string[], b: string[]): { shared: string[]; similarity: number | null; agree: boolean } {
  const fa = distinctiveFigures(a);
  const fb = new Set(distinctiveFigures(b));
  if (!fa.length || !fb.size) return { shared: [], similarity: null, agree: false };
  const shared = fa.filter((n) => fb.has(n));
  const similarity = shared.length / Math.max(FIGURES_SHARED, Math.min(fa.length, fb.size));
  return { shared, similarity, agree: shared.length >= FIGURES_SHARED && similarity >= FIGURES_SHARE };
}

/** The decision score: the text first, then what the other signals add or take away. */
function decisionScore(x: {
  content: number; contained: number | null; titleSimilar: boolean; keywordShare: number; figuresAgree: boolean; sameImage: boolean; sameVideo: boolean; numberConflict: boolean; nameConflict: boolean;
}): number {
  const c = x.content;
  let score = c < 0.3 ? (c / 0.3) * 0.5 : c < 0.7 ? 0.5 + (c - 0.3) : 0.9 + (c - 0.7) / 3;
  if (x.titleSimilar) score += 0.1;
  if (x.keywordShare >= 0.5) score += 0.05;
  if (x.figuresAgree) score += 0.1;
  if (x.sameImage) score += 0.25;
  if (x.sameVideo) score += 0.3;
  if (c < 0.15 && !x.sameImage && !x.sameVideo) score = Math.min(score, 0.3);
  // A short story inside a long one: 0.45 at the borderline share, DUPLICATE_SCORE at CONTAINED.
  if (x.contained !== null && x.contained >= CONTAINED_BORDERLINE) score = Math.max(score, 0.45 + (x.contained - CONTAINED_BORDERLINE) * (0.15 / (CONTAINED - CONTAINED_BORDERLINE)));
  // Conflicts scale the score down rather than subtract: a pair of two events on one topic
  // stays above a pair of unrelated stories.
  if (x.numberConflict) score *= 0.5;
  if (x.nameConflict && !x.figuresAgree) score *= 0.6;
  return Math.max(0, Math.min(1, score));
}

const RULE_TEXT: Record<DecisionRule, (a: { c: number; shared: string[]; k: number }) => string> = {
  text: ({ c }) => `قاعدهٔ تصمیم: متن‌ها ${pct(c)} واژهٔ مشترک دارند (آستانه ۴۲٪)`,
  text_and_title: ({ c }) => `قاعدهٔ تصمیم: متن‌ها ${pct(c)} واژهٔ مشترک دارند (دست‌کم ۲۸٪) و عنوان یا کلیدواژه‌ها همانندند`,
  figures: ({ c, shared }) => `قاعدهٔ تصمیم: ${faDigits(String(shared.length))} عدد یکسان و متن‌های ${pct(c)} مشترک (دست‌کم ۱۸٪): یک رویداد با واژه‌های دیگر`,
  contained: ({ k }) => `قاعدهٔ تصمیم: ${pct(k)} واژه‌های متن کوتاه در متن بلندتر آمده است (آستانه ${pct(CONTAINED)}): تکرار بخشی از همان خبر`,
  media: () => 'قاعدهٔ تصمیم: تصویر یا ویدیوی یکسان، با متن، عنوان یا کلیدواژه‌های مشترک',
  near_identical: () => 'قاعدهٔ تصمیم: متن و عنوان تقریباً یکسان‌اند، با وجود اعداد یا نام‌های متفاوت',
  conflict: () => 'قاعدهٔ تصمیم: اعداد یا نام‌های متفاوت یعنی دو رویداد جدا؛ تکراری نیست',
  weak: () => 'قاعدهٔ تصمیم: هیچ‌یک از قاعده‌های تکراری برقرار نیست',
};
/** The rules whose line above gives the texts' shared-word share, so no other line repeats it. */
const RULES_STATING_CONTENT = new Set<DecisionRule>(['text', 'text_and_title', 'figures']);

/** Compares two stories. */
export function comparePair(a: Signature, b: Signature): PairAnalysis {
  const contentSimilarity = minhashSimilarity(a.minhash, b.minhash);
  const titleSim = titleSimilarity(a.title, b.title);
  const distance = bestImageDistance(a.images, b.images);
  const sameImage = distance !== null && distance <= IMAGE_SAME_BITS;
  const sameVideo = Boolean(a.video && a.video === b.video);
  const bothVideo = Boolean(a.video && b.video);
  const hasMedia = distance !== null || bothVideo;
  const mediaSimilarity = sameVideo ? 1 : distance === null ? 0 : Math.max(0, 1 - distance / IMAGE_UNRELATED_BITS);
  const keysB = new Set(b.keywords);
  const keywordMatches = a.keywords.filter((k) => keysB.has(k));
  const numbersB = new Set(b.numbers);
  const sharedNumbers = a.numbers.filter((n) => numbersB.has(n));
  const onlyA = a.numbers.filter((n) => !numbersB.has(n));
  const onlyB = b.numbers.filter((n) => !a.numbers.includes(n));
  // Different figures on both sides, and the shared ones do not carry the story.
  const numberConflict = onlyA.length > 0 && onlyB.length > 0 && sharedNumbers.length <= Math.min(a.numbers.length, b.numbers.length) / 2;
  const fig = figures(a.numbers, b.numbers);
  // Names in each headline that the other report never mentions: other places or people.
  const missingA = a.titleWords.filter((w) => !bloomHas(b.bloom, w));
  const missingB = b.titleWords.filter((w) => !bloomHas(a.bloom, w));
  const nameConflict = missingA.length >= 2 && missingB.length >= 2;
  const keywordShare = Math.min(a.keywords.length, b.keywords.length) ? keywordMatches.length / Math.min(a.keywords.length, b.keywords.length) : 0;
  const contained = containment(a, b);
  const containedHigh = contained !== null && contained >= CONTAINED;
  const overall = overallSimilarity({ title: titleSim, content: contentSimilarity, figures: fig.similarity, media: hasMedia ? mediaSimilarity : null });

  const titleSimilar = titleSim >= TITLE_SIMILAR;
  const c = contentSimilarity;
  // Different figures always tell events apart; different headline words only when neither
  // the texts, the media nor the figures say it is one event.
  const conflict = numberConflict || (nameConflict && c < 0.55 && !sameImage && !sameVideo && !fig.agree && !containedHigh);
  let rule: DecisionRule;
  if (conflict) rule = c >= 0.97 && titleSim >= 0.9 ? 'near_identical' : 'conflict';
  else if (c >= 0.42) rule = 'text';
  // A short story beside a long one shares few of its words whatever it is: it is judged by containment.
  else if (c >= 0.28 && (titleSimilar || keywordShare >= 0.6) && contained === null) rule = 'text_and_title';
  else if (c >= 0.18 && fig.agree) rule = 'figures';
  else if (containedHigh) rule = 'contained';
  else if ((sameImage || sameVideo) && (c >= 0.1 || keywordMatches.length >= 2 || titleSim >= 0.5)) rule = 'media';
  else rule = 'weak';
  const isDuplicate = rule !== 'conflict' && rule !== 'weak';
  const borderline = !isDuplicate && !conflict && (c >= 0.2 || (c >= 0.15 && fig.shared.length >= 2) || (contained ?? 0) >= CONTAINED_BORDERLINE);

  const reasons: string[] = [RULE_TEXT[rule]({ c, shared: fig.shared, k: contained ?? 0 }), overall.formula];
  if (titleSimilar) reasons.push(`عنوان‌ها ${pct(titleSim)} شبیه‌اند`);
  // A share the rule's own line already gives is not said twice.
  if (c >= 0.3 && !RULES_STATING_CONTENT.has(rule)) reasons.push(`متن‌ها ${pct(c)} واژه‌های مشترک دارند`);
  if (contained !== null && contained >= CONTAINED_BORDERLINE && rule !== 'contained') reasons.push(`${pct(contained)} واژه‌های متن کوتاه در متن بلندتر هم آمده است`);
  if (keywordMatches.length) reasons.push(`کلیدواژه‌های مشترک: ${keywordMatches.slice(0, 6).join('، ')}`);
  if (sharedNumbers.length) reasons.push(`اعداد مشترک: ${figureList(sharedNumbers.slice(0, 6))}`);
  if (numberConflict) reasons.push(`اعداد متفاوت (${figureList(onlyA.slice(0, 3))} در برابر ${figureList(onlyB.slice(0, 3))}): احتمالاً دو رویداد جدا`);
  if (nameConflict) reasons.push(`نام‌های متفاوت در عنوان‌ها (${missingA.slice(0, 3).join('، ')} در برابر ${missingB.slice(0, 3).join('، ')})`);
  if (sameImage) reasons.push(`تصویر یکسان (فاصلهٔ همینگ ${faDigits(String(distance))} از ۶۴)`);
  if (sameVideo) reasons.push('ویدیوی یکسان');

  const score = decisionScore({ content: c, contained, titleSimilar, keywordShare, figuresAgree: fig.agree, sameImage, sameVideo, numberConflict, nameConflict });
  const signals = [titleSimilar, c >= 0.42, sameImage, sameVideo].filter(Boolean).length;
  const matchType: MatchType = signals > 1 ? 'combined' : sameVideo ? 'video' : sameImage ? 'media' : titleSimilar && c < 0.42 ? 'title' : 'content';
  return {
    titleSimilarity: titleSim, contentSimilarity, mediaSimilarity, figureSimilarity: fig.similarity, containment: contained, overall, sameVideo, keywordMatches, sharedNumbers, nameConflict, numberConflict,
    score: isDuplicate ? Math.max(score, DUPLICATE_SCORE) : Math.min(score, DUPLICATE_SCORE - 0.01), isDuplicate, borderline, matchType, rule, reasons,
  };
}
