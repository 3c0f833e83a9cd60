// Two-factor sign-in: TOTP (RFC 6238, otplib) with its secret sealed under SESSION_SECRET, and
// one-time recovery codes kept as SHA-256 hashes. A code's time step is remembered so the same
// code is never accepted twice.
import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { isSealedSecret, openSecret, sealSecret } from '../telegram-auth/session-crypto.ts';

const PURPOSE = 'admin-totp';
/** Codes from the period before and after the current one are accepted (clocks drift). */
const EPOCH_TOLERANCE_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
// Without 0/O and 1/I/L, so a code read off paper is typed right.
const RECOVERY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export const newTotpSecret = (): string => generateSecret();

export const sealTotpSecret = (secret: string, sessionSecret: string): Record<string, unknown> =>
  sealSecret(secret, sessionSecret, PURPOSE) as unknown as Record<string, unknown>;

/** The plain secret, or null when it was sealed under another SESSION_SECRET or altered. */
export function openTotpSecret(sealed: unknown, sessionSecret: string): string | null {
  return isSealedSecret(sealed) ? openSecret(sealed, sessionSecret, PURPOSE) : null;
}

/** The otpauth:// address an authenticator app reads, and the same as a QR code (an SVG data URL). */
export async function enrolment(secret: string, issuer: string, username: string): Promise<{ uri: string; qrDataUrl: string }> {
  const uri = generateURI({ issuer, label: username, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { uri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(code);

/**
 * Checks a six-digit code; on success returns its time step, which must be above `lastStep`
 * (the step of the last code accepted), so a code seen over someone's shoulder cannot be
 * used again.
 */
export async function checkTotp(secret: string, code: string, lastStep: number | null, epoch = Math.floor(Date.now() / 1000)): Promise<number | null> {
  if (!isTotpCode(code)) return null;
  const result = await verify({
    secret, token: code, epoch, epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Ten codes of ten characters (about 49 bits each), shown once as XXXXX-XXXXX. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Spaces, dashes and case do not matter when a recovery code is typed. */
export const normalizeRecoveryCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '');

export const isRecoveryCode = (code: string): boolean => /^[0-9A-Z]{10}$/.test(normalizeRecoveryCode(code));

export const hashRecoveryCode = (code: string): string => createHash('sha256').update(`recovery:${normalizeRecoveryCode(code)}`).digest('hex');
