// Staff accounts (owner only), one's own account, two-factor sign-in and sessions.
import { z } from 'zod';
import { plainNumber } from './plain-number.ts';
import { MAX_ID } from './page-reads.ts';
import { ROLES } from './permissions.ts';
import { ltr } from '../text/bidi.ts';
import { toPersianDigits } from '../text/digits.ts';
import { visibleText } from './visible-text.ts';

const USERNAME = /^[\p{L}\p{N}._-]{3,64}$/u;

export const usernameField = z.string({ error: 'نام کاربری الزامی است' }).trim()
  .regex(USERNAME, 'نام کاربری باید ۳ تا ۶۴ حرف، رقم، نقطه، خط تیره یا زیرخط باشد');
export const newPasswordField = z.string({ error: 'رمز عبور الزامی است' })
  .min(10, 'رمز عبور باید دست‌کم ۱۰ نویسه باشد').max(256, 'رمز عبور بیش از حد بلند است');
const roleField = z.enum(ROLES, { error: 'نقش باید یکی از مالک، ویراستار، ناظر نظرها یا بیننده باشد' });
/** The longest staff name and e-mail address (characters). */
export const STAFF_NAME_MAX = 100;
export const STAFF_EMAIL_MAX = 254;
export const staffEmailField = z.email({ error: `نشانی ایمیل باید به شکل ${ltr('name@example.com')} باشد` })
  .max(STAFF_EMAIL_MAX, `نشانی ایمیل باید حداکثر ${toPersianDigits(STAFF_EMAIL_MAX)} نویسه باشد`);
/** Empty clears the name; a name of only invisible characters is refused. */
export const staffNameField = visibleText({ label: 'نام', min: 0, max: STAFF_NAME_MAX, tooLong: `نام باید حداکثر ${toPersianDigits(STAFF_NAME_MAX)} نویسه باشد` });

export const staffUser = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  /** invited: the one-time link has not been used yet. */
  status: z.enum(['active', 'invited', 'disabled']),
  twoFactor: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  invitedBy: z.string().nullable(),
  inviteExpiresAt: z.string().nullable(),
});
export type StaffUser = z.infer<typeof staffUser>;

export const staffUserList = z.object({ users: z.array(staffUser) });

export const invitationInfo = z.object({
  /** The one-time link (its token is in the fragment, so it never reaches a server log). */
  url: z.string(),
  expiresAt: z.string(),
  /** Sent by e-mail (when mail is configured and the account has an address). */
  emailed: z.boolean(),
});
export type InvitationInfo = z.infer<typeof invitationInfo>;

export const createUserBody = z.object({
  username: usernameField,
  role: roleField,
  email: staffEmailField.optional(),
  name: staffNameField.optional(),
  /** Either a password set now, or an invitation (a one-time link the person opens to choose one). */
  password: newPasswordField.optional(),
  invite: z.boolean().optional(),
}).strict().refine((b) => Boolean(b.password) !== Boolean(b.invite), { message: 'یا رمز عبور بدهید یا دعوت‌نامه بفرستید، نه هر دو', path: ['password'] });
export type CreateUserBody = z.infer<typeof createUserBody>;

export const createUserResponse = z.object({ user: staffUser, invitation: invitationInfo.nullable() });

export const updateUserBody = z.object({
  role: roleField.optional(),
  email: staffEmailField.nullable().optional(),
  name: staffNameField.nullable().optional(),
  disabled: z.boolean().optional(),
}).strict().refine((b) => Object.keys(b).length > 0, { message: 'چیزی برای تغییر فرستاده نشد' });
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const userResponse = z.object({ user: staffUser });
export const invitationResponse = z.object({ user: staffUser, invitation: invitationInfo });

export const invitationTokenBody = z.object({ token: z.string({ error: 'پیوند دعوت نامعتبر است' }).min(20, 'پیوند دعوت نامعتبر است').max(100, 'پیوند دعوت نامعتبر است') }).strict();
export const invitationLookup = z.object({ username: z.string(), name: z.string().nullable(), role: z.enum(ROLES), expiresAt: z.string() });
export const acceptInvitationBody = invitationTokenBody.extend({ password: newPasswordField });

export const accountInfo = z.object({
  user: staffUser,
  twoFactor: z.object({
    enabled: z.boolean(),
    recoveryCodesLeft: z.number().int(),
    /** The site requires it of this account (owners, once an owner turned the rule on). */
    required: z.boolean(),
  }),
});
export type AccountInfo = z.infer<typeof accountInfo>;

export const updateAccountBody = z.object({ name: staffNameField.nullable().optional(), email: staffEmailField.nullable().optional() }).strict()
  .refine((b) => b.name !== undefined || b.email !== undefined, { message: 'چیزی برای تغییر فرستاده نشد' });

export const changePasswordBody = z.object({
  currentPassword: z.string({ error: 'رمز عبور کنونی الزامی است' }).min(1, 'رمز عبور کنونی الزامی است').max(256, 'رمز عبور بیش از حد بلند است'),
  newPassword: newPasswordField,
}).strict();
export const changePasswordResponse = z.object({ success: z.literal(true), message: z.string(), endedSessions: z.number().int() });

export const twoFactorSetupResponse = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  uri: z.string(),
  /** The same address as a QR code (an SVG data URL). */
  qrDataUrl: z.string(),
});
export const twoFactorCodeBody = z.object({ code: z.string({ error: 'کد را وارد کنید' }).trim().regex(/^\d{6}$/, 'کد شش رقمی برنامهٔ احراز هویت را وارد کنید') }).strict();
export const recoveryCodesResponse = z.object({ success: z.literal(true), message: z.string(), recoveryCodes: z.array(z.string()) });
export const passwordConfirmBody = z.object({ password: z.string({ error: 'رمز عبور الزامی است' }).min(1, 'رمز عبور الزامی است').max(256, 'رمز عبور بیش از حد بلند است') }).strict();
/** Turning two-factor on asks for the password too: a session alone (a borrowed laptop) cannot tie the account to another's phone. */
export const twoFactorEnableBody = twoFactorCodeBody.extend(passwordConfirmBody.shape).strict();

export const sessionInfo = z.object({
  id: z.string(),
  userId: z.number().int(),
  username: z.string(),
  /** Browser and system read from the user agent, in words. */
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;
export const sessionList = z.object({ sessions: z.array(sessionInfo) });
export const sessionParam = z.object({ id: z.uuid({ error: 'شناسهٔ نشست نامعتبر است' }) });
export const sessionsQuery = z.object({ userId: plainNumber(z.coerce.number().int().positive().max(MAX_ID)).optional() });
export const endSessionsResponse = z.object({ success: z.literal(true), message: z.string(), ended: z.number().int() });

export const securitySettingsBody = z.object({ requireOwnerTwoFactor: z.boolean() }).strict();
export const securitySettingsResponse = z.object({
  requireOwnerTwoFactor: z.boolean(),
  /** Whether invitations can go by e-mail (a mail service is configured). */
  mailConfigured: z.boolean(),
  auditRetentionDays: z.number().int(),
});
