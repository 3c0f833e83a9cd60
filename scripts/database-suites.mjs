// The database suites: the server and db test files whose code reads TEST_DATABASE_URL, in the
// file itself or in what it imports (openTestDatabase, the test apps, the backup sites). Only they
// run again on PostgreSQL; a file that never reaches it (a PGlite-only, a speech or a password
// test) would run there exactly as it already ran in the PGlite step.
import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The workspace entry a test reaches the test database through by name, and its file. */
const PACKAGES = { '@chapar/db/testing': 'packages/db/testing/index.ts' };
const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g;

/** The repository files `file` imports: relative specifiers and the entry above. */
function importsOf(file, source) {
  const found = [];
  for (const [, spec] of source.matchAll(IMPORT)) {
    if (spec in PACKAGES) found.push(PACKAGES[spec]);
    else if (spec.startsWith('.')) {
      const target = path.normalize(path.join(path.dirname(file), spec));
      if (target.endsWith('.ts') && existsSync(target)) found.push(target);
    }
  }
  return found;
}

/** Whether `file`, or any file it imports (transitively), reads TEST_DATABASE_URL. */
export function readsTestDatabase(file, memo = new Map()) {
  if (memo.has(file)) return memo.get(file);
  memo.set(file, false); // a cycle adds nothing
  const source = readFileSync(file, 'utf8');
  const reads = source.includes('TEST_DATABASE_URL') || importsOf(file, source).some((f) => readsTestDatabase(f, memo));
  memo.set(file, reads);
  return reads;
}

/** The test files under `patterns` (globs from the repository root) that are database suites, sorted. */
export function databaseSuites(patterns = ['apps/server/**/*.test.ts', 'packages/db/**/*.test.ts']) {
  const memo = new Map();
  return patterns.flatMap((p) => globSync(p, { exclude: (f) => f.includes('node_modules') })).filter((f) => readsTestDatabase(f, memo)).sort();
}
