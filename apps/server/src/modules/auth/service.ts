import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@chapar/db';
import { isRole, type Role } from '@chapar/shared/contracts';
import { AppError } from '../../errors.ts';
import { authRepo, type AdminUserRow } from './repo.ts';
import { challengesRepo } from './challenges-repo.ts';
import { loginAttemptsRepo } from './login-attempts-repo.ts';
import { admitLoginAttempt, forgetLoginAttempt } from './login-limits.ts';
import { DUMMY_HASH, generatePassword, hashPassword, needsRehash, verifyPassword } from './password.ts';
import { passwordChecks } from './password-checks.ts';
import { securitySettings } from './security-settings.ts';

const TOUCH_EVERY_MS = 60_000;
/** How long a password proved right waits for its second factor. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

export interface AuthenticatedSession {
  idHash: string;
  /** The id the session lists show (never the cookie's). */
  publicId: string;
  csrfToken: string;
  user: Pick<AdminUserRow, 'id' | 'username' | 'role'>;
  /** An owner who must turn two-factor sign-in on (site-wide rule) before anything else. */
  twoFactorSetupRequired: boolean;
}

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');
export const hashToken = hashSessionId;

export const WRONG_CREDENTIALS = 'نام کاربری یا رمز عبور اشتباه است';
export const ACCOUNT_DISABLED = 'این حساب غیرفعال شده است؛ با مالک سایت تماس بگیرید';

export interface LoginContext {
  /** The client's address, kept with the session. */
  ip: string;
  /** What the login limits count the client by (request.clientKey); the address itself when not given. */
  clientKey?: string;
  userAgent?: string;
  policy: SessionPolicy;
  now?: Date;
}

export interface OpenedSession {
  kind: 'session';
  sessionId: string;
  csrfToken: string;
  user: AdminUserRow;
  twoFactorSetupRequired: boolean;
}

export type LoginOutcome = OpenedSession | { kind: 'challenge'; challenge: string; user: AdminUserRow };

/** Whether the site's rules make this user set up a second factor before anything else. */
async function mustSetUpTwoFactor(db: Db, user: Pick<AdminUserRow, 'role' | 'totpEnabledAt'>): Promise<boolean> {
  if (user.role !== 'owner' || user.totpEnabledAt) return false;
  return (await securitySettings.read(db)).requireOwnerTwoFactor;
}

/** A new session (a new id every login); the login attempt it ends is marked successful. */
export async function openSession(db: Db, user: AdminUserRow, ctx: LoginContext): Promise<OpenedSession> {
  const now = ctx.now ?? new Date();
  const sessionId = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  await authRepo.insertSession(db, {
    idHash: hashSessionId(sessionId),
    userId: user.id,
    csrfToken,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ctx.policy.maxMs),
    ip: ctx.ip,
    userAgent: ctx.userAgent?.slice(0, 500),
  });
  await authRepo.touchLogin(db, user.id);
  return { kind: 'session', sessionId, csrfToken, user, twoFactorSetupRequired: await mustSetUpTwoFactor(db, user) };
}

/**
 * The password step. Checks the credentials within the login limits (the attempt is counted
 * before the password is checked). A user with two-factor sign-in gets a short-lived challenge
 * instead of a session, and the attempt stays counted as unsuccessful until the code is right,
 * so guessing codes is held to the same limits as guessing passwords. A hash made with older
 * scrypt parameters is replaced once the password has proved right. The check waits its turn
 * among the process's password checks; one refused there was never checked and is not counted.
 */
export async function login(db: Db, input: LoginContext & {
  username: string;
  password: string;
  /** The username of the admin session the request already carries, if any. */
  sessionUsername?: string;
}): Promise<LoginOutcome> {
  const arrived = Date.now();
  const now = input.now ?? new Date();
  const limitKey = input.clientKey ?? input.ip;
  const attemptId = await admitLoginAttempt(db, {
    ip: limitKey, username: input.username, now, hasSessionOfUser: input.sessionUsername === input.username,
  });
  const user = await authRepo.findUserByUsername(db, input.username);
  let ok: boolean;
  try {
    ok = await passwordChecks.run(async () => {
      const stored = user?.passwordHash ?? DUMMY_HASH;
      const right = await verifyPassword(input.password, stored);
      if (right && user?.passwordHash && needsRehash(stored)) await authRepo.setPassword(db, user.username, await hashPassword(input.password), null);
      return right && Boolean(user?.passwordHash);
    }, arrived);
  } catch (error) {
    await forgetLoginAttempt(db, attemptId);
    throw error;
  }
  if (!user || !ok) throw new AppError('unauthorized', WRONG_CREDENTIALS);
  if (user.disabledAt) throw new AppError('forbidden', ACCOUNT_DISABLED);
  if (user.totpEnabledAt) {
    const challenge = randomBytes(32).toString('base64url');
    await challengesRepo.insert(db, { idHash: hashToken(challenge), userId: user.id, ip: input.ip, createdAt: now, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
    return { kind: 'challenge', challenge, user };
  }
  await loginAttemptsRepo.succeed(db, attemptId, limitKey, input.username);
  return openSession(db, user, input);
}

/** Resolves a cookie's session id; expired (idle or absolute) sessions and disabled users' are deleted and ignored. */
export async function resolveSession(db: Db, sessionId: string, policy: SessionPolicy, now = new Date()): Promise<AuthenticatedSession | null> {
  const idHash = hashSessionId(sessionId);
  const session = await authRepo.findSession(db, idHash);
  if (!session) return null;
  const idleExpired = now.getTime() - session.lastSeenAt.getTime() > policy.idleMs;
  if (idleExpired || session.expiresAt.getTime() <= now.getTime()) {
    await authRepo.deleteSession(db, idHash);
    return null;
  }
  const user = await authRepo.findUserById(db, session.userId);
  if (!user) return null;
  if (user.disabledAt) {
    await authRepo.deleteSessionsOfUser(db, user.id);
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await authRepo.touchSession(db, idHash, now);
  return {
    idHash,
    publicId: session.publicId,
    csrfToken: session.csrfToken,
    user: { id: user.id, username: user.username, role: user.role },
    twoFactorSetupRequired: await mustSetUpTwoFactor(db, user),
  };
}

export async function logout(db: Db, idHash: string): Promise<void> {
  await authRepo.deleteSession(db, idHash);
}

/**
 * First start: the first account is an owner, from ADMIN_USERNAME/ADMIN_PASSWORD, or `admin`
 * with a random password that is returned once so the caller can log it.
 */
/**
 * The first owner on a site without accounts. Processes starting together on one empty database
 * agree: the count is read again under a lock, so one of them creates it and the others see it.
 */
export async function ensureInitialAdmin(db: Db, opts: { username?: string; password?: string }): Promise<{ created: boolean; username?: string; generatedPassword?: string }> {
  if ((await authRepo.countUsers(db)) > 0) return { created: false };
  const username = opts.username ?? 'admin';
  const generatedPassword = opts.password ? undefined : generatePassword();
  const passwordHash = await hashPassword(opts.password ?? generatedPassword!);
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('chapar:first-admin'))`);
    const txDb = tx as unknown as Db;
    if ((await authRepo.countUsers(txDb)) > 0) return false;
    await authRepo.createUser(txDb, { username, role: 'owner', passwordHash });
    return true;
  });
  return created ? { created: true, username, generatedPassword } : { created: false };
}

/** The command line's `admin create`: an owner unless another role is named. */
export async function createAdmin(db: Db, username: string, password: string, role: Role = 'owner'): Promise<void> {
  if (!isRole(role)) throw new AppError('validation_error', `نقش ${role} شناخته نیست`);
  if (await authRepo.findUserByUsername(db, username)) throw new AppError('conflict', `کاربر ${username} از قبل وجود دارد`);
  await authRepo.createUser(db, { username, role, passwordHash: await hashPassword(password) });
}

/**
 * The command line's recovery: a new password (which also completes an open invitation and
 * turns a disabled account back on), every session of that user ended.
 */
export async function setAdminPassword(db: Db, username: string, password: string): Promise<void> {
  const user = await authRepo.findUserByUsername(db, username);
  if (!user) throw new AppError('not_found', `کاربر ${username} یافت نشد`);
  await authRepo.updateUser(db, user.id, {
    passwordHash: await hashPassword(password), passwordChangedAt: new Date(), disabledAt: null, inviteHash: null, inviteExpiresAt: null,
  });
  await authRepo.deleteSessionsOfUser(db, user.id);
}

/** The command line's recovery for a lost authenticator: two-factor sign-in off, sessions ended. */
export async function resetTwoFactor(db: Db, username: string): Promise<void> {
  const user = await authRepo.findUserByUsername(db, username);
  if (!user) throw new AppError('not_found', `کاربر ${username} یافت نشد`);
  await authRepo.updateUser(db, user.id, { totpSecret: null, totpEnabledAt: null, totpLastStep: null });
  await authRepo.replaceRecoveryCodes(db, user.id, []);
  await authRepo.deleteSessionsOfUser(db, user.id);
}
