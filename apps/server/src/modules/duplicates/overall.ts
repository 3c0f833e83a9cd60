// What the detector shows beside a verdict: the overall similarity of a pair, a stated
// function of its parts, and the confidence of the verdict, a calibrated reading of the
// decision score.

/** Parts of a pair's similarity, each 0..1; null when the pair cannot have it (no figures, no media on a side). */
export interface SimilarityParts {
  title: number;
  content: number;
  figures: number | null;
  media: number | null;
}

export type PartName = keyof SimilarityParts;

/**
 * The overall similarity is the weighted mean of the parts both stories have: the text
 * counts most, then the title and the figures, then the pictures. A part a pair cannot
 * have gives its weight to the others in proportion, so the overall is never above the
 * largest part nor below the smallest.
 */
export const OVERALL_WEIGHTS: Record<PartName, number> = { content: 0.45, title: 0.2, figures: 0.2, media: 0.15 };

const PART_LABEL: Record<PartName, string> = { content: 'متن', title: 'عنوان', figures: 'اعداد', media: 'تصویر و ویدیو' };
const ORDER: PartName[] = ['content', 'title', 'figures', 'media'];

export interface OverallSimilarity {
  value: number;
  /** The weight each part had (0 for a part the pair lacks); they add up to 1. */
  weights: Record<PartName, number>;
  /** The sum written out, in Persian: 'شباهت کل ۶۶٪ = ۰٫۵۳ × متن ۶۰٪ + …'. */
  formula: string;
}

const faDigits = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]).replace(/\./g, '٫');
const pct = (x: number) => `${faDigits(String(Math.round(x * 100)))}٪`;

export function overallSimilarity(parts: SimilarityParts): OverallSimilarity {
  const present = ORDER.filter((p) => parts[p] !== null);
  const total = present.reduce((sum, p) => sum + OVERALL_WEIGHTS[p], 0);
  const weights = Object.fromEntries(ORDER.map((p) => [p, present.includes(p) ? OVERALL_WEIGHTS[p] / total : 0])) as Record<PartName, number>;
  const value = present.reduce((sum, p) => sum + weights[p] * (parts[p] as number), 0);
  const terms = present.map((p) => `${faDigits(weights[p].toFixed(2))} × ${PART_LABEL[p]} ${pct(parts[p] as number)}`);
  return { value, weights, formula: `شباهت کل ${pct(value)} = ${terms.join(' + ')} (میانگین وزنی بخش‌ها)` };
}

/** The decision score at and above which a pair is a duplicate. */
export const DUPLICATE_SCORE = 0.6;
/** Between the last score called 'not a duplicate' (0.59) and the first called one. */
const MIDPOINT = 0.595;

/**
 * How the confidence is calibrated: P(same story) = 1 / (1 + e^(-k (score - 0.595))), one-
 * parameter Platt scaling of the decision score, so P > 0.5 exactly when the verdict is
 * 'duplicate'. k is the maximum-likelihood fit over the labelled pairs
 * (testing/duplicate-calibration.ts: the seeded two-channel set and the hand-written
 * reports) with Platt's smoothed targets (n+1)/(n+2) and 1/(n+2) instead of 1 and 0, so a
 * few hundred labelled pairs never claim certainty. detector.test.ts fits it again.
 */
export const CALIBRATION_SLOPE = 15;
/** With a few hundred labelled pairs nothing is surer than this; only an identical text is certain. */
export const MAX_CONFIDENCE = 0.99;

/** The calibrated probability that a pair with this decision score is one story. */
export function duplicateProbability(score: number, slope = CALIBRATION_SLOPE): number {
  return 1 / (1 + Math.exp(-slope * (score - MIDPOINT)));
}

/** The probability shown beside a pair, 0..1: calibrated, and never surer than MAX_CONFIDENCE either way. */
export function shownProbability(score: number): number {
  return Math.min(MAX_CONFIDENCE, Math.max(1 - MAX_CONFIDENCE, duplicateProbability(score)));
}

/**
 * How sure a verdict is, 0..1: P(same story) for 'duplicate', 1 - P for 'not a duplicate'
 * (with the nearest article's score; 0 when nothing in the index comes near).
 */
export function verdictConfidence(isDuplicate: boolean, score: number): number {
  const p = duplicateProbability(score);
  return Math.min(MAX_CONFIDENCE, isDuplicate ? p : 1 - p);
}
