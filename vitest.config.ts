import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Files that replace modules with vi.mock: each needs module instances of its own. */
export const MOCKING = [
  'apps/server/src/modules/accounts/{accounts,sessions,two-factor}.test.ts',
  'apps/server/src/modules/auth/login-limits.test.ts',
  'apps/server/src/modules/telegram-auth/telegram-auth-*.test.ts',
  'apps/server/src/security/client-address.test.ts',
];
export const SERVER = ['apps/server/src/**/*.test.ts', 'apps/server/testing/**/*.test.ts', 'packages/db/src/**/*.test.ts'];

// Unit and integration tests: server (app.inject on a fresh PGlite per file), shared, db, web.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Made once per run: the migrated archive each file's PGlite starts from (and on a PostgreSQL run
    // the database each file's is copied from), the test accounts' hashes.
    globalSetup: ['packages/db/testing/global-setup.ts', 'packages/db/testing/postgres-template.ts', 'apps/server/testing/global-setup.ts'],
    // Every core, not Vitest's cores − 1: on a two-core CI machine that is two files at once, not one
    // (each file has its own database, so files share nothing).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: SERVER,
          exclude: MOCKING,
          // Each file builds its own app on its own database, so the modules themselves can be shared:
          // the server's module graph is imported once per worker instead of once per file (a quarter
          // of the two database steps' work went to importing it).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: [...MOCKING, 'apps/web/src/**/*.test.{ts,tsx}', 'packages/shared/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          // A fresh module graph (and jsdom) per file, in worker threads: a thread starts faster than
          // a process, and these files take about a fifth less time for it (202 s → 159 s alone).
          pool: 'threads',
        },
      },
    ],
  },
});
