import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, needsRehash, SCRYPT_PARAMS, verifyPassword } from './password.ts';

const oldFormatHash = (password: string, N = 16_384) => {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 64, { N, r: 8, p: 1 });
  return ['scrypt', N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
};

describe('password hashing', () => {
  it('hashes with OWASP\'s scrypt cost (N = 2^17, r = 8, p = 1), written into the hash', async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 131_072, r: 8, p: 1 });
    const stored = await hashPassword('a long passphrase');
    const [scheme, N, r, p, salt, key] = stored.split('$');
    expect([scheme, N, r, p]).toEqual(['scrypt', '131072', '8', '1']);
    // The key really is scrypt at that cost (it needs more than Node's default 32 MiB).
    const expected = scryptSync('a long passphrase', Buffer.from(salt, 'base64url'), 64, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
    expect(key).toBe(expected.toString('base64url'));
    expect(await verifyPassword('a long passphrase', stored)).toBe(true);
    expect(await verifyPassword('a long passphrase!', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('gives a new salt every time', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
  });

  it('still verifies hashes made with the older, cheaper parameters and marks them for rehashing', async () => {
    const old = oldFormatHash('old secret');
    expect(await verifyPassword('old secret', old)).toBe(true);
    expect(await verifyPassword('other secret', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it('checks the unknown-user path at the same cost as a real hash', async () => {
    const real = await hashPassword('x');
    expect(DUMMY_HASH.split('$').slice(0, 4)).toEqual(real.split('$').slice(0, 4));
    expect(DUMMY_HASH.split('$').map((part) => part.length)).toEqual(real.split('$').map((part) => part.length));
    expect(needsRehash(DUMMY_HASH)).toBe(false);
    expect(await verifyPassword('x', DUMMY_HASH)).toBe(false);
  });

  it.each([
    ['not a hash', 'plain-text'],
    ['another scheme', 'argon2$1$2$3$AAAA$BBBB'],
    ['N not a power of two', 'scrypt$1000$8$1$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(86)],
    ['N beyond what is ever run', 'scrypt$4194304$8$1$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(86)],
    ['r of zero', 'scrypt$16384$0$1$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(86)],
    ['a missing salt', 'scrypt$16384$8$1$$' + 'A'.repeat(86)],
    ['a field too many', 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(86) + '$x'],
  ])('refuses %s without throwing', async (_label, stored) => {
    expect(await verifyPassword('anything', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });
});
