// A story's signature: what the detector keeps of an article (or a post being checked)
// to compare it quickly with others, and the index bands it is found by.
import type { Screen, Signature } from './compare.ts';
import { CONTAINED_MIN_WORDS } from './containment.ts';
import { distinctiveFigures, extractFeatures, LEAD_WORDS } from './features.ts';
import { figureBands, imageBands, leadBands, textBands, videoBand } from './minhash.ts';

export interface StoryInput {
  id: number;
  title?: string;
  body: string;
  html?: boolean;
  images?: string[];
  video?: string | null;
  publishedAt?: Date | number;
}

export function buildSignature(input: StoryInput): Signature {
  const features = extractFeatures({ title: input.title, body: input.body, html: input.html });
  return {
    id: input.id,
    title: features.title,
    minhash: features.minhash,
    leads: features.leads,
    titleWords: features.titleWords,
    bloom: features.bloom,
    numbers: features.numbers,
    keywords: features.keywords,
    images: (input.images ?? []).filter((h) => /^[0-9a-f]{16}$/.test(h)),
    video: input.video ?? null,
    wordCount: features.wordCount,
    publishedAt: input.publishedAt instanceof Date ? input.publishedAt.getTime() : input.publishedAt ?? 0,
  };
}

/** A text this long at most may be an article's lead repeated (its words beside a few of its own). */
export const SHORT_WORDS = 2 * Math.max(...LEAD_WORDS);

/** The bands a short story looks for among the articles' leads (its whole text's, as lead bands). */
export function leadQueryBands(signature: Pick<Signature, 'minhash' | 'wordCount'>): number[] {
  return signature.wordCount >= CONTAINED_MIN_WORDS && signature.wordCount <= SHORT_WORDS ? leadBands(signature.minhash) : [];
}

/** Every band the signature is indexed under: its text, its figures, each image, its video. */
export function signatureBands(signature: Pick<Screen, 'minhash' | 'numbers' | 'images' | 'video'>): number[] {
  return [
    ...textBands(signature.minhash),
    ...figureBands(distinctiveFigures(signature.numbers)),
    ...signature.images.flatMap(imageBands),
    ...(signature.video ? [videoBand(signature.video)] : []),
  ];
}

/** What an article is stored under: those bands and its leads' (the leads at most half its text). */
export function articleBands(signature: Signature): number[] {
  return [...signatureBands(signature), ...(signature.leads ?? []).flatMap(leadBands)];
}
