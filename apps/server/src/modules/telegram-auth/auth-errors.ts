// Input and MtprotoError → AppError: which failures are the admin's to fix (400), which are
// Telegram asking us to slow down (429), and which mean Telegram is out of reach (503, or 504
// when it did not answer within the sign-in deadline).
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { persianOr } from '../../plugins/error-handler.ts';
import { isMtprotoError, type MtprotoErrorCode } from '../../integrations/telegram/mtproto/index.ts';
import { maskPhone, TEXT, type TelegramReach } from './messages.ts';

const BAD_INPUT: Partial<Record<MtprotoErrorCode, string>> = {
  phone_invalid: TEXT.phoneRejected,
  phone_banned: TEXT.phoneBanned,
  code_invalid: TEXT.codeInvalid,
  code_expired: TEXT.codeExpired,
  password_invalid: TEXT.passwordInvalid,
  sign_up_required: TEXT.signUpRequired,
};

/** A sign-in step's call to Telegram did not settle within the deadline. */
export class StepTimeout extends Error {
  constructor(readonly seconds: number) {
    super(`Telegram did not answer within ${seconds} s`);
    this.name = 'StepTimeout';
  }
}

export function toAppError(error: unknown, reach: TelegramReach): unknown {
  if (error instanceof StepTimeout) return new AppError('gateway_timeout', TEXT.noAnswer(error.seconds, reach));
  if (!isMtprotoError(error)) return error;
  const badInput = BAD_INPUT[error.code];
  if (badInput) return new AppError('bad_request', badInput);
  switch (error.code) {
    case 'flood_wait':
      return new AppError('rate_limited', error.message, { 'retry-after': String(error.waitSeconds ?? 60) });
    case 'unauthorized':
      return new AppError('conflict', TEXT.sessionLost);
    case 'network':
      return new AppError('unavailable', TEXT.unreachable(reach));
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

/** 429 with the Persian sentence and Retry-After: the seconds until `allowedAt`. */
export function tooSoon(message: string, allowedAt: Date, now: Date): AppError {
  const retryAfter = String(Math.max(1, Math.ceil((allowedAt.getTime() - now.getTime()) / 1000)));
  return new AppError('rate_limited', message, { 'retry-after': retryAfter });
}

/** 429 for a second code request for the same number inside the interval. */
export function codeTooSoon(allowedAt: Date, now: Date, phone: string): AppError {
  return tooSoon(TEXT.codeTooSoon(allowedAt, now, maskPhone(phone) ?? ''), allowedAt, now);
}
