// Input and MtprotoError → AppError: which failures are the admin's to fix (400), which are
// Telegram asking us to slow down (429), and which mean Telegram is out of reach (503).
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { persianOr } from '../../plugins/error-handler.ts';
import { isMtprotoError, type MtprotoErrorCode } from '../../integrations/telegram/mtproto/index.ts';
import { TEXT } from './messages.ts';

const BAD_INPUT: Partial<Record<MtprotoErrorCode, string>> = {
  phone_invalid: TEXT.phoneRejected,
  phone_banned: TEXT.phoneBanned,
  code_invalid: TEXT.codeInvalid,
  code_expired: TEXT.codeExpired,
  password_invalid: TEXT.passwordInvalid,
  sign_up_required: TEXT.signUpRequired,
};

export function toAppError(error: unknown): unknown {
  if (!isMtprotoError(error)) return error;
  const badInput = BAD_INPUT[error.code];
  if (badInput) return new AppError('bad_request', badInput);
  switch (error.code) {
    case 'flood_wait':
      return new AppError('rate_limited', error.message, { 'retry-after': String(error.waitSeconds ?? 60) });
    case 'unauthorized':
      return new AppError('conflict', TEXT.sessionLost);
    case 'network':
      return new AppError('unavailable', TEXT.unreachable);
    default:
      return new AppError('unavailable', TEXT.rejected(error.rpcError ?? error.code));
  }
}

/** The service checks its input itself too: it is also called from outside the routes. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError('validation_error', persianOr(parsed.error.issues[0]?.message, 'ورودی نامعتبر است'));
  return parsed.data;
}

/** 429 for a second code request inside the interval, with the time it is allowed again. */
export function codeTooSoon(allowedAt: Date, now: Date): AppError {
  const retryAfter = String(Math.max(1, Math.ceil((allowedAt.getTime() - now.getTime()) / 1000)));
  return new AppError('rate_limited', TEXT.codeTooSoon(allowedAt, now), { 'retry-after': retryAfter });
}
