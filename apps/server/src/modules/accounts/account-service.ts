// One's own account: name and address, password, two-factor sign-in and recovery codes. Every
// step that asks for the password again is counted before the check, per user and apart from
// logins (auth/login-limits.ts), so a stolen session cannot be used to guess it and the owner's
// own mistakes here never lock the login form.
import type { Db } from '@chapar/db';
import type { AccountInfo } from '@chapar/shared/contracts';
import { AppError, notFound } from '../../errors.ts';
import { authRepo, type AdminUserRow } from '../auth/repo.ts';
import { admitPasswordRecheck, forgetLoginAttempt, recheckPassed } from '../auth/login-limits.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../auth/password.ts';
import { passwordChecks } from '../auth/password-checks.ts';
import { securitySettings } from '../auth/security-settings.ts';
import type { AuthenticatedSession } from '../auth/service.ts';
import {
  checkTotp, enrolment, hashRecoveryCode, newRecoveryCodes, newTotpSecret, openTotpSecret, sealTotpSecret,
} from '../auth/two-factor.ts';
import { toStaffUser } from './users-service.ts';

export const ACCOUNT_SELF_MESSAGES = {
  wrongPassword: 'رمز عبور کنونی درست نیست',
  passwordChanged: 'رمز عبور تغییر کرد و نشست‌های دیگر شما پایان یافت',
  alreadyOn: 'ورود دومرحله‌ای این حساب از قبل فعال است',
  notStarted: 'نخست کد QR را بسازید و در برنامهٔ احراز هویت بخوانید',
  wrongCode: 'کد درست نیست؛ کد تازهٔ برنامه را وارد کنید',
  enabled: 'ورود دومرحله‌ای فعال شد. کدهای بازیابی را جای امنی نگه دارید',
  notOn: 'ورود دومرحله‌ای این حساب فعال نیست',
  required: 'ورود دومرحله‌ای برای مالکان این سایت الزامی است و خاموش نمی‌شود',
  disabled: 'ورود دومرحله‌ای خاموش شد',
  newCodes: 'کدهای بازیابی تازه ساخته شد و کدهای پیشین دیگر کار نمی‌کنند',
} as const;

export interface SelfContext {
  db: Db;
  secret: string;
  siteName: string;
  /** The request's client: a right re-check forgets the user's failed logins from it. */
  clientKey: string;
}

async function userOf(db: Db, session: AuthenticatedSession): Promise<AdminUserRow> {
  const user = await authRepo.findUserById(db, session.user.id);
  if (!user) throw notFound('حساب یافت نشد');
  return user;
}

export async function accountInfo(db: Db, session: AuthenticatedSession): Promise<AccountInfo> {
  const user = await userOf(db, session);
  const settings = await securitySettings.read(db);
  return {
    user: toStaffUser(user),
    twoFactor: {
      enabled: user.totpEnabledAt !== null,
      recoveryCodesLeft: user.totpEnabledAt ? await authRepo.unusedRecoveryCodes(db, user.id) : 0,
      required: user.role === 'owner' && settings.requireOwnerTwoFactor,
    },
  };
}

export async function updateOwnAccount(db: Db, session: AuthenticatedSession, body: { name?: string | null; email?: string | null }): Promise<AccountInfo> {
  await authRepo.updateUser(db, session.user.id, {
    ...(body.name !== undefined ? { name: body.name || null } : {}),
    ...(body.email !== undefined ? { email: body.email } : {}),
  });
  return accountInfo(db, session);
}

/** Checks the user's own password within the re-check limit; throws 400 (counted) when wrong. */
async function confirmPassword(ctx: SelfContext, user: AdminUserRow, password: string): Promise<void> {
  const arrived = Date.now();
  const recheck = await admitPasswordRecheck(ctx.db, { userId: user.id, now: new Date() });
  let ok: boolean;
  try {
    ok = await passwordChecks.run(() => verifyPassword(password, user.passwordHash ?? DUMMY_HASH), arrived);
  } catch (error) {
    await forgetLoginAttempt(ctx.db, recheck.attemptId);
    throw error;
  }
  if (!ok) throw new AppError('validation_error', ACCOUNT_SELF_MESSAGES.wrongPassword);
  await recheckPassed(ctx.db, recheck, ctx.clientKey, user.username);
}

/** A new password ends every other session of the user; this one stays. */
export async function changeOwnPassword(ctx: SelfContext, session: AuthenticatedSession, current: string, next: string): Promise<number> {
  const user = await userOf(ctx.db, session);
  await confirmPassword(ctx, user, current);
  await authRepo.updateUser(ctx.db, user.id, { passwordHash: await hashPassword(next), passwordChangedAt: new Date() });
  return authRepo.deleteSessionsOfUser(ctx.db, user.id, session.idHash);
}

/** A new secret, kept sealed but not yet in force until a code from it is entered. */
export async function startTwoFactorSetup(ctx: SelfContext, session: AuthenticatedSession): Promise<{ secret: string; uri: string; qrDataUrl: string }> {
  const user = await userOf(ctx.db, session);
  if (user.totpEnabledAt) throw new AppError('conflict', ACCOUNT_SELF_MESSAGES.alreadyOn);
  const secret = newTotpSecret();
  await authRepo.updateUser(ctx.db, user.id, { totpSecret: sealTotpSecret(secret, ctx.secret), totpLastStep: null });
  return { secret, ...(await enrolment(secret, ctx.siteName, user.username)) };
}

async function freshRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await authRepo.replaceRecoveryCodes(db, userId, codes.map(hashRecoveryCode));
  return codes;
}

/** Turns two-factor sign-in on once a code from the new secret proves the app has it; returns the recovery codes (shown once). */
export async function enableTwoFactor(ctx: SelfContext, session: AuthenticatedSession, code: string, password: string): Promise<string[]> {
  const user = await userOf(ctx.db, session);
  if (user.totpEnabledAt) throw new AppError('conflict', ACCOUNT_SELF_MESSAGES.alreadyOn);
  const secret = openTotpSecret(user.totpSecret, ctx.secret);
  if (!secret) throw new AppError('conflict', ACCOUNT_SELF_MESSAGES.notStarted);
  // The password before the code: a wrong one uses up no step of the app's codes.
  await confirmPassword(ctx, user, password);
  const step = await checkTotp(secret, code, null);
  if (step === null) throw new AppError('validation_error', ACCOUNT_SELF_MESSAGES.wrongCode);
  await authRepo.updateUser(ctx.db, user.id, { totpEnabledAt: new Date(), totpLastStep: step });
  return freshRecoveryCodes(ctx.db, user.id);
}

export async function disableTwoFactor(ctx: SelfContext, session: AuthenticatedSession, password: string): Promise<void> {
  const user = await userOf(ctx.db, session);
  if (!user.totpEnabledAt) throw new AppError('conflict', ACCOUNT_SELF_MESSAGES.notOn);
  if (user.role === 'owner' && (await securitySettings.read(ctx.db)).requireOwnerTwoFactor) throw new AppError('conflict', ACCOUNT_SELF_MESSAGES.required);
  await confirmPassword(ctx, user, password);
  await authRepo.updateUser(ctx.db, user.id, { totpSecret: null, totpEnabledAt: null, totpLastStep: null });
  await authRepo.replaceRecoveryCodes(ctx.db, user.id, []);
}

export async function regenerateRecoveryCodes(ctx: SelfContext, session: AuthenticatedSession, password: string): Promise<string[]> {
  const user = await userOf(ctx.db, session);
  if (!user.totpEnabledAt) throw new AppError('conflict', ACCOUNT_SELF_MESSAGES.notOn);
  await confirmPassword(ctx, user, password);
  return freshRecoveryCodes(ctx.db, user.id);
}
