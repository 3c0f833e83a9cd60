// The Telegram session string is a full login to the site's account, so it is
// stored sealed: AES-256-GCM under a key derived (HKDF-SHA256) from SESSION_SECRET.
// GCM's tag makes a wrong secret or a tampered record fail loudly instead of
// yielding garbage; the purpose is bound in as associated data.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SealedSecret {
  v: 1;
  /** base64 of the 12-byte nonce, the 16-byte tag and the ciphertext. */
  iv: string;
  tag: string;
  data: string;
}

const SALT = 'chapar/telegram-session';
const keys = new Map<string, Buffer>();

function keyFor(secret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, SALT, `chapar:${purpose}:v1`, 32));
    keys.set(id, key);
  }
  return key;
}

export function sealSecret(plain: string, secret: string, purpose: string): SealedSecret {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return { v: 1, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

/** The plain text, or null when the secret differs, the purpose differs or the record was altered. */
export function openSecret(sealed: SealedSecret, secret: string, purpose: string): string | null {
  try {
    // A fixed tag length, or a truncated tag would be checked against fewer bytes.
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), Buffer.from(sealed.iv, 'base64'), { authTagLength: 16 });
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export const isSealedSecret = (value: unknown): value is SealedSecret =>
  typeof value === 'object' && value !== null && (value as SealedSecret).v === 1
  && ['iv', 'tag', 'data'].every((k) => typeof (value as unknown as Record<string, unknown>)[k] === 'string');
