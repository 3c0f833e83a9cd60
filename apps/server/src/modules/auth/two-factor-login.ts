// The second step of a sign-in with two-factor: a code from the authenticator app or a
// recovery code, against the challenge the password step gave. Each code tried is a login
// attempt like a password (per address and username, before it is checked), so the limits
// hold guessing codes as they hold guessing passwords.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { adminUsers, type Db } from '@chapar/db';
import { AppError } from '../../errors.ts';
import { authRepo, type AdminUserRow } from './repo.ts';
import { challengesRepo } from './challenges-repo.ts';
import { loginAttemptsRepo } from './login-attempts-repo.ts';
import { admitLoginAttempt } from './login-limits.ts';
import { hashToken, openSession, type LoginContext, type OpenedSession } from './service.ts';
import { checkTotp, hashRecoveryCode, isRecoveryCode, openTotpSecret } from './two-factor.ts';

/** Codes tried against one challenge before the password must be given again. */
export const MAX_CODES_PER_CHALLENGE = 5;

export const TWO_FACTOR_MESSAGES = {
  expired: 'مهلت این ورود تمام شده است؛ دوباره نام کاربری و رمز عبور را وارد کنید',
  wrongCode: 'کد ورود دومرحله‌ای درست نیست',
  unreadable: 'کلید ورود دومرحله‌ای این حساب خوانده نشد؛ با کد بازیابی وارد شوید یا از مالک سایت کمک بگیرید',
} as const;

export type SecondFactor = 'totp' | 'recovery';

/**
 * Accepts a TOTP code whose time step is after the last one used, writing the new step in the
 * same statement, so two requests racing with one code cannot both pass.
 */
async function acceptTotp(db: Db, user: AdminUserRow, code: string, sessionSecret: string): Promise<boolean> {
  const secret = openTotpSecret(user.totpSecret, sessionSecret);
  if (!secret) {
    if (isRecoveryCode(code)) return false;
    throw new AppError('unauthorized', TWO_FACTOR_MESSAGES.unreadable);
  }
  const step = await checkTotp(secret, code, user.totpLastStep);
  if (step === null) return false;
  const rows = await db.update(adminUsers).set({ totpLastStep: step })
    .where(and(eq(adminUsers.id, user.id), or(isNull(adminUsers.totpLastStep), lt(adminUsers.totpLastStep, step))))
    .returning({ id: adminUsers.id });
  return rows.length > 0;
}

/** Whether the code is right for the user: a fresh TOTP code, or an unused recovery code (then used up). */
export async function acceptSecondFactor(db: Db, user: AdminUserRow, code: string, sessionSecret: string): Promise<SecondFactor | null> {
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) return (await acceptTotp(db, user, trimmed, sessionSecret)) ? 'totp' : null;
  if (isRecoveryCode(trimmed) && await authRepo.useRecoveryCode(db, user.id, hashRecoveryCode(trimmed))) return 'recovery';
  return null;
}

export async function completeTwoFactor(db: Db, input: LoginContext & {
  challenge: string;
  code: string;
  sessionSecret: string;
  sessionUsername?: string;
}): Promise<OpenedSession & { method: SecondFactor }> {
  const now = input.now ?? new Date();
  const idHash = hashToken(input.challenge);
  const challenge = await challengesRepo.find(db, idHash);
  if (!challenge || challenge.expiresAt.getTime() <= now.getTime()) throw new AppError('unauthorized', TWO_FACTOR_MESSAGES.expired);
  const user = await authRepo.findUserById(db, challenge.userId);
  if (!user || user.disabledAt || !user.totpEnabledAt) {
    await challengesRepo.delete(db, idHash);
    throw new AppError('unauthorized', TWO_FACTOR_MESSAGES.expired);
  }
  const limitKey = input.clientKey ?? input.ip;
  const attemptId = await admitLoginAttempt(db, {
    ip: limitKey, username: user.username, now, hasSessionOfUser: input.sessionUsername === user.username,
  });
  if ((await challengesRepo.countAttempt(db, idHash)) > MAX_CODES_PER_CHALLENGE) {
    await challengesRepo.delete(db, idHash);
    throw new AppError('unauthorized', TWO_FACTOR_MESSAGES.expired);
  }
  const method = await acceptSecondFactor(db, user, input.code, input.sessionSecret);
  if (!method) throw new AppError('unauthorized', TWO_FACTOR_MESSAGES.wrongCode);
  await challengesRepo.delete(db, idHash);
  await loginAttemptsRepo.succeed(db, attemptId, limitKey, user.username);
  return { ...(await openSession(db, user, input)), method };
}
