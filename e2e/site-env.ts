// What every browser test's site is started with (harness.ts), the run's demo site too (site-template.ts).

export const E2E_ADMIN = { username: 'editor', password: 'e2e-password-123' };

/** The environment every test site has; `startSite`'s options add to it. */
export function baseSiteEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0',
    ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password,
    // Podcasts only when a test asks: the demo newsroom's would keep the CPU busy under every test.
    PODCAST_AUTO: 'false',
    // No scheduled channel check unless a test asks: it fires at every tenth minute of the clock and
    // would ingest a test's channel site in the middle of whatever the test is doing (CI once: a tab
    // that did not draw for 30 s while the 13:20 check ran).
    MONITOR_AUTOSTART: 'false',
  };
}
