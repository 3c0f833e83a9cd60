// The newsletter's signed links: a confirmation names the signup, an unsubscribe names the
// subscriber, each signed with the session secret (HMAC-SHA256) over its id and address, so a
// link cannot be made for another row, nor reused for an id that later holds another address.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAX_ID } from '@chapar/shared/contracts';

type Purpose = 'confirm' | 'unsubscribe';

/** 128 bits of the HMAC, base64url: short enough for a link, far past guessing. */
const SIGNATURE_BYTES = 16;

function signature(secret: string, purpose: Purpose, id: number, email: string): Buffer {
  return createHmac('sha256', secret).update(`newsletter-${purpose}:${id}:${email.trim().toLowerCase()}`).digest().subarray(0, SIGNATURE_BYTES);
}

export function signToken(secret: string, purpose: Purpose, id: number, email: string): string {
  return `${id}.${signature(secret, purpose, id, email).toString('base64url')}`;
}

/** The id a token names, before its signature is checked against the row's address. */
export function tokenId(token: string): number | null {
  const match = /^([1-9]\d{0,9})\.[A-Za-z0-9_-]{22}$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  return id <= MAX_ID ? id : null;
}

export function verifyToken(secret: string, purpose: Purpose, token: string, email: string): boolean {
  const id = tokenId(token);
  if (id === null) return false;
  const given = Buffer.from(token.slice(token.indexOf('.') + 1), 'base64url');
  const expected = signature(secret, purpose, id, email);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
