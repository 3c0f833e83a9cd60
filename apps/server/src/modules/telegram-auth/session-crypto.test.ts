import { describe, expect, it } from 'vitest';
import { isSealedSecret, openSecret, sealSecret } from './session-crypto.ts';

const SECRET = 'a'.repeat(64);
const SESSION = '1BAAOMTQ5LjE1NC4xNjcuNDEAUFake+Session/String==';

describe('session sealing', () => {
  it('round-trips, and the sealed record does not contain the plain text', () => {
    const sealed = sealSecret(SESSION, SECRET, 'telegram.session');
    expect(isSealedSecret(sealed)).toBe(true);
    expect(JSON.stringify(sealed)).not.toContain(SESSION);
    expect(Buffer.from(sealed.data, 'base64').toString('latin1')).not.toContain('Fake');
    expect(openSecret(sealed, SECRET, 'telegram.session')).toBe(SESSION);
  });

  it('uses a fresh nonce every time', () => {
    const a = sealSecret(SESSION, SECRET, 'telegram.session');
    const b = sealSecret(SESSION, SECRET, 'telegram.session');
    expect(a.iv).not.toBe(b.iv);
    expect(a.data).not.toBe(b.data);
  });

  it('refuses another secret, another purpose and any altered byte', () => {
    const sealed = sealSecret(SESSION, SECRET, 'telegram.session');
    expect(openSecret(sealed, 'b'.repeat(64), 'telegram.session')).toBeNull();
    expect(openSecret(sealed, SECRET, 'something.else')).toBeNull();
    const data = Buffer.from(sealed.data, 'base64');
    data[0] ^= 1;
    expect(openSecret({ ...sealed, data: data.toString('base64') }, SECRET, 'telegram.session')).toBeNull();
    expect(openSecret({ ...sealed, tag: Buffer.alloc(16).toString('base64') }, SECRET, 'telegram.session')).toBeNull();
  });

  it('recognises only well-formed records', () => {
    expect(isSealedSecret({ v: 1, iv: 'a', tag: 'b', data: 'c' })).toBe(true);
    expect(isSealedSecret({ v: 2, iv: 'a', tag: 'b', data: 'c' })).toBe(false);
    expect(isSealedSecret('plain')).toBe(false);
    expect(isSealedSecret(null)).toBe(false);
  });
});
