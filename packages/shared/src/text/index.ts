// Persian text helpers shared by server and web: `@chapar/shared/text`.
export * from './normalize.ts';
export * from './digits.ts';
export * from './dates.ts';
export * from './slug.ts';
export * from './reading.ts';
export * from './alt-text.ts';
export * from './categories.ts';
export * from './freshness.ts';
export * from './share.ts';
export * from './image-variants.ts';
export * from './comments.ts';
export * from './number-words.ts';
export * from './spoken.ts';
export * from './lead.ts';
export * from './bidi.ts';
export * from './feed-paths.ts';
export * from './share-image.ts';
