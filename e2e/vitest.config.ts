import { defineConfig } from 'vitest/config';

// Browser tests: the real server on a random port with demo content, driven by Debian Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at once on two cores: one file's server and browser leave about 40 % of the
    // machine idle (each waits on the other), so a second file fills it.
    maxWorkers: 2,
    // One migrated archive, then one demo site made from it: each test file's site is a copy.
    globalSetup: ['packages/db/testing/global-setup.ts', 'e2e/site-template.ts'],
  },
});
