import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and integration tests: server (app.inject on a fresh PGlite per file), shared, db, web.
export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.{ts,tsx}', 'apps/*/testing/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Made once per run: the migrated archive each file's PGlite starts from, the test accounts' hashes.
    globalSetup: ['packages/db/testing/global-setup.ts', 'apps/server/testing/global-setup.ts'],
    // Every core, not Vitest's cores − 1: on a two-core CI machine that is two files at once, not one
    // (each file has its own database, so files share nothing).
    maxWorkers: availableParallelism(),
  },
});
