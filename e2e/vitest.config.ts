import { defineConfig } from 'vitest/config';

// Browser tests: the real server on a random port with demo content, driven by Debian Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
    // One migrated archive, then one demo site made from it: each test file's site is a copy.
    globalSetup: ['packages/db/testing/global-setup.ts', 'e2e/site-template.ts'],
  },
});
