import { defineConfig } from 'vitest/config';

// Browser tests: the real server on a random port with demo content, driven by Debian Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
    // Each site's embedded database starts from one migrated archive made here.
    globalSetup: ['packages/db/testing/global-setup.ts'],
  },
});
