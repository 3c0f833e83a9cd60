// A story's signature: what the detector keeps of an article (or a post being checked)
// to compare it quickly with others, and the index bands it is found by.
import type { Screen, Signature } from './compare.ts';
import { distinctiveFigures, extractFeatures } from './features.ts';
import { figureBands, imageBands, textBands, videoBand } from './minhash.ts';

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

/** Every band the signature is indexed under: its text, its figures, each image, its video. */
export function signatureBands(signature: Pick<Screen, 'minhash' | 'numbers' | 'images' | 'video'>): number[] {
  return [
    ...textBands(signature.minhash),
    ...figureBands(distinctiveFigures(signature.numbers)),
    ...signature.images.flatMap(imageBands),
    ...(signature.video ? [videoBand(signature.video)] : []),
  ];
}
