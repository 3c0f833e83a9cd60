import { z } from 'zod';
import { PERMISSIONS } from './permissions.ts';

export const loginBody = z.object({
  username: z.string({ error: 'نام کاربری الزامی است' }).trim().min(1, 'لطفاً نام کاربری و رمز عبور را وارد کنید').max(64, 'نام کاربری بیش از حد بلند است'),
  password: z.string({ error: 'رمز عبور الزامی است' }).min(1, 'لطفاً نام کاربری و رمز عبور را وارد کنید').max(256, 'رمز عبور بیش از حد بلند است'),
}).strict();
export type LoginBody = z.infer<typeof loginBody>;

export const adminUser = z.object({ id: z.number().int(), username: z.string(), role: z.string() });

/** Signed in: the session cookie is set. */
export const loginSuccess = z.object({
  success: z.literal(true),
  message: z.string(),
  user: adminUser,
  csrfToken: z.string(),
  /** An owner who must turn two-factor sign-in on before anything else (site-wide rule). */
  twoFactorSetupRequired: z.boolean(),
});

/** The password was right; the second factor is asked for next, with this challenge. */
export const loginChallenge = z.object({
  success: z.literal(false),
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  message: z.string(),
});

export const loginResponse = z.union([loginSuccess, loginChallenge]);
export type LoginSuccess = z.infer<typeof loginSuccess>;
export type LoginAnswer = z.infer<typeof loginResponse>;

export const twoFactorLoginBody = z.object({
  challenge: z.string({ error: 'مرحلهٔ ورود نامعتبر است' }).min(20).max(100),
  code: z.string({ error: 'کد را وارد کنید' }).trim().min(6, 'کد را وارد کنید').max(20, 'کد بیش از حد بلند است'),
}).strict();
export type TwoFactorLoginBody = z.infer<typeof twoFactorLoginBody>;

export const adminStatusResponse = z.object({
  isAuthenticated: z.boolean(),
  username: z.string().nullable(),
  csrfToken: z.string().nullable(),
  /** The session's role and what it may do (the permission table), so screens hide the rest. */
  role: z.string().nullable(),
  permissions: z.array(z.enum(PERMISSIONS)),
  twoFactorSetupRequired: z.boolean(),
  /** How many days a deleted article or comment stays restorable, said before each delete. */
  trashRetentionDays: z.number().int(),
});
export type AdminStatus = z.infer<typeof adminStatusResponse>;

export const CSRF_HEADER = 'x-csrf-token';
