import { randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { scryptOnThread } from './password-thread.ts';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP's current figure for scrypt (password storage cheat sheet): N = 2^17, r = 8, p = 1. */
export const SCRYPT_PARAMS: Readonly<ScryptParams> = Object.freeze({ N: 2 ** 17, r: 8, p: 1 });
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
/** Stored hashes above this cost are refused rather than run (a damaged row must not eat the memory). */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

/**
 * scrypt needs 128·r·(N + p + 2) bytes; Node refuses more than `maxmem` (32 MiB by default,
 * less than N = 2^17 needs), so the limit is set from the parameters with some room.
 */
const maxmemFor = ({ N, r, p }: ScryptParams) => 128 * r * (N + p + 2) + 1024 * 1024;

function scryptAsync(password: string, salt: Buffer, keylen: number, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: maxmemFor(params) };
  return scryptOnThread(password, salt, keylen, options);
}

interface ParsedHash extends ScryptParams {
  salt: Buffer;
  key: Buffer;
}

const positiveInt = (text: string | undefined, max: number) => {
  if (!text || !/^\d{1,8}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= max ? n : undefined;
};

/** Format: scrypt$N$r$p$salt$hash (base64url): each hash carries the parameters it was made with. */
function parseHash(stored: string): ParsedHash | undefined {
  const [scheme, nText, rText, pText, saltText, hashText, ...rest] = stored.split('$');
  const N = positiveInt(nText, MAX_N);
  const r = positiveInt(rText, MAX_R);
  const p = positiveInt(pText, MAX_P);
  if (scheme !== 'scrypt' || rest.length > 0 || !N || !r || !p || !saltText || !hashText) return undefined;
  // N must be a power of two greater than 1.
  if (N < 2 || (N & (N - 1)) !== 0) return undefined;
  const salt = Buffer.from(saltText, 'base64url');
  const key = Buffer.from(hashText, 'base64url');
  if (salt.length === 0 || key.length < 16) return undefined;
  return { N, r, p, salt, key };
}

/** Checks a password against a stored hash made with any parameters the format can carry. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await scryptAsync(password, parsed.salt, parsed.key.length, parsed);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/**
 * Hashing at a given cost. The app uses today's (SCRYPT_PARAMS, below); tests that send many
 * passwords but are not about hashing use a lower one (testing/cheap-passwords.ts).
 */
export function passwordHashing(params: Readonly<ScryptParams>) {
  const { N, r, p } = params;
  return {
    SCRYPT_PARAMS: params,
    async hashPassword(password: string): Promise<string> {
      const salt = randomBytes(SALT_LENGTH);
      const key = await scryptAsync(password, salt, KEY_LENGTH, params);
      return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
    },
    /** True when a stored hash was made with other (older, cheaper) parameters than these. */
    needsRehash(stored: string): boolean {
      const parsed = parseHash(stored);
      if (!parsed) return true;
      return parsed.N !== N || parsed.r !== r || parsed.p !== p || parsed.key.length !== KEY_LENGTH;
    },
    /**
     * A hash to verify against when the user does not exist, so timing does not reveal it: made
     * with these parameters, so it costs what a real check costs.
     */
    DUMMY_HASH: ['scrypt', N, r, p, 'A'.repeat(22), 'A'.repeat(86)].join('$'),
  };
}

export const { hashPassword, needsRehash, DUMMY_HASH } = passwordHashing(SCRYPT_PARAMS);

export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}
