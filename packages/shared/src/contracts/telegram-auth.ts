import { z } from 'zod';
import { ltr } from '../text/bidi.ts';
import { toAsciiDigits } from '../text/digits.ts';

/** Spec 03 §9: a login code may be requested once per 22 hours; it has 5 digits; status is polled every 2 s. */
export const TELEGRAM_CODE_INTERVAL_HOURS = 22;
export const TELEGRAM_CODE_LENGTH = 5;
export const TELEGRAM_AUTH_POLL_MS = 2_000;

export const TELEGRAM_AUTH_MESSAGES = {
  phoneRequired: 'لطفاً شماره تلفن را وارد کنید',
  phoneFormat: `شماره تلفن باید با + و کد کشور شروع شود و فقط رقم داشته باشد؛ مثلاً ${ltr('+۹۸۹۱۲۱۲۳۴۵۶۷')}`,
  codeFormat: 'کد تأیید باید دقیقاً ۵ رقم باشد',
  passwordRequired: 'لطفاً رمز دومرحله‌ای را وارد کنید',
  notConfigured: `ورود به تلگرام پیکربندی نشده است: ${ltr('TELEGRAM_API_ID')} و ${ltr('TELEGRAM_API_HASH')} را تنظیم کنید`,
} as const;

// Spaces, dashes and brackets are how people write numbers; Persian digits are how they type them.
export const telegramPhoneNumber = z.string({ error: TELEGRAM_AUTH_MESSAGES.phoneRequired })
  .max(40, TELEGRAM_AUTH_MESSAGES.phoneFormat)
  .transform((v) => toAsciiDigits(v).replace(/[\s\-().]/g, '').replace(/^00/, '+'))
  .pipe(z.string().min(1, TELEGRAM_AUTH_MESSAGES.phoneRequired).regex(/^\+[1-9]\d{6,14}$/, TELEGRAM_AUTH_MESSAGES.phoneFormat));

/** The step's own message when the body is not an object; an unknown field is named as such. */
const bodyError = (message: string) => (issue: { code?: string }) => (issue.code === 'unrecognized_keys' ? undefined : message);

export const telegramSendPhoneBody = z.object({ phoneNumber: telegramPhoneNumber }, { error: bodyError(TELEGRAM_AUTH_MESSAGES.phoneRequired) }).strict();

export const telegramVerifyCodeBody = z.object({
  code: z.string({ error: TELEGRAM_AUTH_MESSAGES.codeFormat })
    .max(20, TELEGRAM_AUTH_MESSAGES.codeFormat)
    .transform((v) => toAsciiDigits(v).trim())
    .pipe(z.string().regex(new RegExp(`^\\d{${TELEGRAM_CODE_LENGTH}}$`), TELEGRAM_AUTH_MESSAGES.codeFormat)),
}, { error: bodyError(TELEGRAM_AUTH_MESSAGES.codeFormat) }).strict();

// The password is sent as typed (spaces may belong to it); only a blank one is refused.
export const telegramVerifyPasswordBody = z.object({
  password: z.string({ error: TELEGRAM_AUTH_MESSAGES.passwordRequired })
    .max(256, TELEGRAM_AUTH_MESSAGES.passwordRequired)
    .refine((v) => v.trim().length > 0, TELEGRAM_AUTH_MESSAGES.passwordRequired),
}, { error: bodyError(TELEGRAM_AUTH_MESSAGES.passwordRequired) }).strict();

export const telegramAuthStep = z.enum(['phone', 'code', 'password']);

export const telegramUserInfo = z.object({
  firstName: z.string(),
  username: z.string().nullable(),
  /** Masked like phoneNumber. */
  phone: z.string().nullable(),
});

/**
 * Spec 03 §3. `phoneNumber` shows only its last 4 digits. Once logged in the step is
 * 'phone' again (where a new login would start) and isAuthenticated is true.
 */
export const telegramAuthStatus = z.object({
  step: telegramAuthStep,
  isAuthenticated: z.boolean(),
  message: z.string(),
  phoneNumber: z.string().nullable(),
  userInfo: telegramUserInfo.nullable(),
});
export type TelegramAuthStatus = z.infer<typeof telegramAuthStatus>;

export const telegramAuthActionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  status: telegramAuthStatus,
});
export type TelegramAuthActionResponse = z.infer<typeof telegramAuthActionResponse>;

/** send-phone also says from when another code may be requested (ISO 8601). */
export const telegramSendPhoneResponse = telegramAuthActionResponse.extend({ nextCodeRequestAt: z.string() });
export type TelegramSendPhoneResponse = z.infer<typeof telegramSendPhoneResponse>;

/**
 * What the sign-in page needs besides the step: whether sign-in is set up at all (and which
 * variables are missing when not), and when another code may be requested (spec 03 §9).
 */
export const telegramAuthInfo = z.object({
  configured: z.boolean(),
  /** Environment variables to set before the site can sign in (empty when configured). */
  missing: z.array(z.string()),
  codeIntervalHours: z.number().int(),
  lastCodeRequestAt: z.string().nullable(),
  /** null when a code may be requested now. */
  nextCodeRequestAt: z.string().nullable(),
  /**
   * The number (masked like phoneNumber) the two times above are for: the limit is per number,
   * so another number may be asked for at once. null when no code was requested.
   */
  codeRequestPhone: z.string().nullable(),
});
export type TelegramAuthInfo = z.infer<typeof telegramAuthInfo>;
