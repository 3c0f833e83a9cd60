export * from './client.ts';
export * as schema from './schema/index.ts';
export * from './schema/index.ts';
export * from './prepared.ts';
export * from './pglite-archive.ts';
export * from './pglite-lock.ts';
