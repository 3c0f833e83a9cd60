import type * as Passwords from '../src/modules/auth/password.ts';

/** scrypt at N = 2^10 (r and p as today): a few milliseconds a check. */
export const CHEAP_SCRYPT = Object.freeze({ N: 2 ** 10, r: 8, p: 1 });

/**
 * The password module at a low cost, for `vi.mock` in tests that send dozens of passwords (login
 * limits, client addresses) or sign in before every test (Telegram's sign-in steps): a check at
 * today's cost takes most of a second of a loaded core. Hashing at today's cost is tested in
 * password.test.ts and auth.test.ts.
 */
export function cheapPasswords(real: typeof Passwords): typeof Passwords {
  return { ...real, ...real.passwordHashing(CHEAP_SCRYPT) };
}
