import { defineConfig } from 'vitest/config';

// The production layout (scripts/cluster.mjs): PostgreSQL, s3rver, two web processes, two
// workers and nginx, started once for the one file that drives it over real sockets.
export default defineConfig({
  test: {
    include: ['e2e/cluster/**/*.cluster.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
