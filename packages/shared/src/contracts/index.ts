export * from './common.ts';
export * from './articles.ts';
export * from './categories.ts';
export * from './system.ts';
export * from './auth.ts';
export * from './search.ts';
export * from './engagement.ts';
