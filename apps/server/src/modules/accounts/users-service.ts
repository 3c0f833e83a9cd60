// Staff accounts as the owner manages them: create (with a password or an invitation), change
// role, name and address, disable, delete. The site always keeps one owner who can sign in:
// the last one can never be demoted, disabled or deleted, checked under one lock so two
// owners demoting each other at once cannot both succeed.
import { sql } from 'drizzle-orm';
import type { Db } from '@chapar/db';
import type { CreateUserBody, InvitationInfo, StaffUser, UpdateUserBody } from '@chapar/shared/contracts';
import { AppError, notFound } from '../../errors.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../query-errors.ts';
import { authRepo, type AdminUserRow, type NewAdminUser } from '../auth/repo.ts';
import { hashPassword } from '../auth/password.ts';
import type { InvitationMailer } from './invitation-mail.ts';
import { invitationUrl, mailInvitation, newInvitation } from './invitations.ts';

export interface AccountsContext {
  db: Db;
  publicBaseUrl: string;
  invitationTtlMs: number;
  mailer: InvitationMailer | null;
  log: { warn(msg: string): void };
}

export const ACCOUNT_MESSAGES = {
  notFound: 'حساب یافت نشد',
  usernameTaken: 'این نام کاربری از قبل وجود دارد',
  lastOwner: 'آخرین مالک سایت را نمی‌توان برکنار، غیرفعال یا حذف کرد؛ نخست مالک دیگری تعیین کنید',
  notSelf: 'حساب خودتان را از این‌جا نمی‌توانید غیرفعال یا حذف کنید',
  notInvited: 'این حساب دعوت‌نامهٔ باز ندارد؛ رمز عبورش پیش‌تر تعیین شده است',
} as const;

export function toStaffUser(row: AdminUserRow): StaffUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    role: row.role as StaffUser['role'],
    status: row.disabledAt ? 'disabled' : row.passwordHash ? 'active' : 'invited',
    twoFactor: row.totpEnabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    invitedBy: row.invitedBy,
    inviteExpiresAt: row.passwordHash ? null : row.inviteExpiresAt?.toISOString() ?? null,
  };
}

export async function listStaff(db: Db): Promise<StaffUser[]> {
  return (await authRepo.listUsers(db)).map(toStaffUser);
}

async function issueInvitation(ctx: AccountsContext, user: AdminUserRow, invitedBy: string): Promise<{ user: AdminUserRow; invitation: InvitationInfo }> {
  const invite = newInvitation(ctx.invitationTtlMs);
  const updated = (await authRepo.updateUser(ctx.db, user.id, { inviteHash: invite.hash, inviteExpiresAt: invite.expiresAt, invitedBy }))!;
  const url = invitationUrl(ctx.publicBaseUrl, invite.token);
  const emailed = await mailInvitation(ctx.mailer, updated, url, invite.expiresAt, invitedBy, ctx.log);
  return { user: updated, invitation: { url, expiresAt: invite.expiresAt.toISOString(), emailed } };
}

export async function createStaff(ctx: AccountsContext, body: CreateUserBody, by: string): Promise<{ user: StaffUser; invitation: InvitationInfo | null }> {
  if (await authRepo.findUserByUsername(ctx.db, body.username)) throw new AppError('conflict', ACCOUNT_MESSAGES.usernameTaken);
  const row: NewAdminUser = {
    username: body.username, role: body.role, email: body.email ?? null, name: body.name || null, invitedBy: by,
    passwordHash: body.password ? await hashPassword(body.password) : null,
    passwordChangedAt: body.password ? new Date() : null,
  };
  let created: AdminUserRow;
  try {
    created = await authRepo.createUser(ctx.db, row);
  } catch (error) {
    // Two owners creating the same username at once: the unique key decides.
    if (sqlState(error) === UNIQUE_VIOLATION) throw new AppError('conflict', ACCOUNT_MESSAGES.usernameTaken);
    throw error;
  }
  if (!body.invite) return { user: toStaffUser(created), invitation: null };
  const issued = await issueInvitation(ctx, created, by);
  return { user: toStaffUser(issued.user), invitation: issued.invitation };
}

/** A fresh link for an account whose invitation was not used (the old link stops working). */
export async function reissueInvitation(ctx: AccountsContext, id: number, by: string): Promise<{ user: StaffUser; invitation: InvitationInfo }> {
  const user = await authRepo.findUserById(ctx.db, id);
  if (!user) throw notFound(ACCOUNT_MESSAGES.notFound);
  if (user.passwordHash) throw new AppError('conflict', ACCOUNT_MESSAGES.notInvited);
  const issued = await issueInvitation(ctx, user, by);
  return { user: toStaffUser(issued.user), invitation: issued.invitation };
}

/** Runs `change` in a transaction that holds the owners' lock, after checking it leaves an owner. */
async function keepingAnOwner<T>(db: Db, target: AdminUserRow, losesOwner: boolean, change: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(3, 1)`);
    const txDb = tx as unknown as Db;
    // Read again under the lock: another owner's change may have landed since.
    const current = (await authRepo.findUserById(txDb, target.id)) ?? target;
    if (losesOwner && current.role === 'owner' && current.passwordHash && !current.disabledAt && (await authRepo.countActiveOwners(txDb)) <= 1) {
      throw new AppError('conflict', ACCOUNT_MESSAGES.lastOwner);
    }
    return change(txDb);
  });
}

export async function updateStaff(ctx: AccountsContext, id: number, body: UpdateUserBody, actingUserId: number): Promise<StaffUser> {
  const user = await authRepo.findUserById(ctx.db, id);
  if (!user) throw notFound(ACCOUNT_MESSAGES.notFound);
  if (body.disabled === true && id === actingUserId) throw new AppError('conflict', ACCOUNT_MESSAGES.notSelf);
  const losesOwner = (body.role !== undefined && body.role !== 'owner') || body.disabled === true;
  const patch: Partial<NewAdminUser> = {
    ...(body.role !== undefined ? { role: body.role } : {}),
    ...(body.name !== undefined ? { name: body.name || null } : {}),
    ...(body.email !== undefined ? { email: body.email } : {}),
    ...(body.disabled !== undefined ? { disabledAt: body.disabled ? user.disabledAt ?? new Date() : null } : {}),
  };
  const updated = await keepingAnOwner(ctx.db, user, losesOwner, async (tx) => {
    const row = await authRepo.updateUser(tx, id, patch);
    // A disabled account is signed out everywhere at once.
    if (body.disabled === true) await authRepo.deleteSessionsOfUser(tx, id);
    return row!;
  });
  return toStaffUser(updated);
}

export async function deleteStaff(ctx: AccountsContext, id: number, actingUserId: number): Promise<void> {
  const user = await authRepo.findUserById(ctx.db, id);
  if (!user) throw notFound(ACCOUNT_MESSAGES.notFound);
  if (id === actingUserId) throw new AppError('conflict', ACCOUNT_MESSAGES.notSelf);
  await keepingAnOwner(ctx.db, user, true, (tx) => authRepo.deleteUser(tx, id));
}
