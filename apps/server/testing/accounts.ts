// The test accounts' passwords, and their hashes made once per run (global-setup.ts).
import { inject } from 'vitest';
import { hashPassword, needsRehash } from '../src/modules/auth/password.ts';

export const TEST_ADMIN = { username: 'admin', password: 'correct-horse-battery' };

/** The password of the accounts loginAsRole makes. */
export const ROLE_PASSWORD = 'role-password-for-tests';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Hashes of the test passwords at today's cost, by password. */
    testPasswordHashes?: Record<string, string>;
  }
}

/**
 * The stored hash of a test password: the run's (a check costs what it costs in production),
 * or one made now where this file hashes at another cost (testing/cheap-passwords.ts).
 */
export async function testPasswordHash(password: string): Promise<string> {
  const made = inject('testPasswordHashes')?.[password];
  return made && !needsRehash(made) ? made : hashPassword(password);
}
