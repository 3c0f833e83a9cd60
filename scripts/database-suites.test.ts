import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { databaseSuites } from './database-suites.mjs';

describe('the database suites run again on PostgreSQL', () => {
  const suites = databaseSuites();

  it('include a file on the shared test app, one on openTestDatabase, and one reading TEST_DATABASE_URL through a helper', () => {
    expect(suites).toEqual(expect.arrayContaining([
      'apps/server/src/modules/articles/articles.test.ts',
      'packages/db/src/client.test.ts',
      // Through apps/server/testing/backup-sites.ts, and in the file itself.
      'apps/server/src/modules/backup/restore-checks.test.ts',
    ]));
  });

  it('leave out files that never reach the test database: PGlite itself, passwords, speech', () => {
    for (const file of ['packages/db/src/pglite-lock.test.ts', 'apps/server/src/modules/auth/password.test.ts', 'apps/server/src/integrations/speech/speech.test.ts']) {
      expect(suites, file).not.toContain(file);
    }
  });

  it('miss no file that opens a test database or builds a test app', () => {
    const files = [...globSync('apps/server/**/*.test.ts'), ...globSync('packages/db/**/*.test.ts')];
    const opening = files.filter((f) => /openTestDatabase\(|TestApp\(|TEST_DATABASE_URL/.test(readFileSync(f, 'utf8')));
    expect(opening.length).toBeGreaterThan(100);
    expect(opening.filter((f) => !suites.includes(f))).toEqual([]);
  });
});
