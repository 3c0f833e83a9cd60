import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@chapar/db';
import { AppError } from '../../errors.ts';
import { authRepo, type AdminUserRow } from './repo.ts';
import { loginAttemptsRepo } from './login-attempts-repo.ts';
import { admitLoginAttempt, forgetLoginAttempt } from './login-limits.ts';
import { DUMMY_HASH, generatePassword, hashPassword, needsRehash, verifyPassword } from './password.ts';
import { passwordChecks } from './password-checks.ts';

const TOUCH_EVERY_MS = 60_000;

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

export interface AuthenticatedSession {
  idHash: string;
  csrfToken: string;
  user: Pick<AdminUserRow, 'id' | 'username' | 'role'>;
}

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

const WRONG_CREDENTIALS = 'نام کاربری یا رمز عبور اشتباه است';

/**
 * Checks the credentials within the login limits (the attempt is counted before the password
 * is checked), and opens a new session (a new id every login). A hash made with older scrypt
 * parameters is replaced by one with today's once the password has proved right. The check
 * waits its turn among the process's password checks; one refused there was never checked and
 * is not counted.
 */
export async function login(db: Db, input: {
  username: string; password: string; userAgent?: string; policy: SessionPolicy; now?: Date;
  /** The client's address, kept with the session. */
  ip: string;
  /** What the login limits count the client by (request.clientKey); the address itself when not given. */
  clientKey?: string;
  /** The username of the admin session the request already carries, if any. */
  sessionUsername?: string;
}): Promise<{ sessionId: string; csrfToken: string; user: AdminUserRow }> {
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
      const right = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
      if (right && user && needsRehash(user.passwordHash)) await authRepo.setPassword(db, user.username, await hashPassword(input.password));
      return right;
    }, arrived);
  } catch (error) {
    await forgetLoginAttempt(db, attemptId);
    throw error;
  }
  if (!user || !ok) throw new AppError('unauthorized', WRONG_CREDENTIALS);
  await loginAttemptsRepo.succeed(db, attemptId, limitKey, input.username);
  const sessionId = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  await authRepo.insertSession(db, {
    idHash: hashSessionId(sessionId),
    userId: user.id,
    csrfToken,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + input.policy.maxMs),
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 500),
  });
  await authRepo.touchLogin(db, user.id);
  return { sessionId, csrfToken, user };
}

/** Resolves a cookie's session id; expired (idle or absolute) sessions are deleted and ignored. */
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
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await authRepo.touchSession(db, idHash, now);
  return { idHash, csrfToken: session.csrfToken, user: { id: user.id, username: user.username, role: user.role } };
}

export async function logout(db: Db, idHash: string): Promise<void> {
  await authRepo.deleteSession(db, idHash);
}

/**
 * First start: create the admin from ADMIN_USERNAME/ADMIN_PASSWORD, or `admin` with a random
 * password that is returned once so the caller can log it.
 */
export async function ensureInitialAdmin(db: Db, opts: { username?: string; password?: string }): Promise<{ created: boolean; username?: string; generatedPassword?: string }> {
  if ((await authRepo.countUsers(db)) > 0) return { created: false };
  const username = opts.username ?? 'admin';
  const generatedPassword = opts.password ? undefined : generatePassword();
  await authRepo.createUser(db, username, await hashPassword(opts.password ?? generatedPassword!));
  return { created: true, username, generatedPassword };
}

export async function createAdmin(db: Db, username: string, password: string): Promise<void> {
  if (await authRepo.findUserByUsername(db, username)) throw new AppError('conflict', `کاربر ${username} از قبل وجود دارد`);
  await authRepo.createUser(db, username, await hashPassword(password));
}

/** Changing a password ends every session of that user. */
export async function setAdminPassword(db: Db, username: string, password: string): Promise<void> {
  const user = await authRepo.findUserByUsername(db, username);
  if (!user) throw new AppError('not_found', `کاربر ${username} یافت نشد`);
  await authRepo.setPassword(db, username, await hashPassword(password));
  await authRepo.deleteSessionsOfUser(db, user.id);
}
