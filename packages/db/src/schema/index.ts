export * from './content.ts';
export * from './engagement.ts';
export * from './ingest.ts';
export * from './auth.ts';
export * from './duplicates.ts';
export * from './speech.ts';
export * from './newsletter.ts';
export * from './push.ts';
