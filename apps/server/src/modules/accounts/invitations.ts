// One-time invitation links: 256 random bits, only their SHA-256 kept with the account. The
// token travels in the link's fragment (/admin/invite#...), which browsers never send to a
// server, so it shows up in no access log or Referer.
import { randomBytes } from 'node:crypto';
import type { Db } from '@chapar/db';
import { ROLE_LABELS, isRole } from '@chapar/shared/contracts';
import { AppError } from '../../errors.ts';
import { authRepo, type AdminUserRow } from '../auth/repo.ts';
import { hashPassword } from '../auth/password.ts';
import { hashToken } from '../auth/service.ts';
import type { InvitationMailer } from './invitation-mail.ts';

export const INVALID_INVITATION = 'این پیوند دعوت نامعتبر است یا مهلت آن گذشته است؛ از مالک سایت پیوند تازه بخواهید';

export interface IssuedInvitation {
  token: string;
  hash: string;
  expiresAt: Date;
}

export function newInvitation(ttlMs: number, now = new Date()): IssuedInvitation {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token), expiresAt: new Date(now.getTime() + ttlMs) };
}

export const invitationUrl = (publicBaseUrl: string, token: string) => `${publicBaseUrl}/admin/invite#${token}`;

/**
 * Sends the link by e-mail when a mailer is configured and the account has an address.
 * A failed send is not an error for the owner: the link is still shown to pass on by hand.
 */
export async function mailInvitation(mailer: InvitationMailer | null, user: AdminUserRow, url: string, expiresAt: Date, invitedBy: string, log: { warn(msg: string): void }): Promise<boolean> {
  if (!mailer || !user.email) return false;
  try {
    await mailer.sendInvitation({
      to: user.email, name: user.name ?? user.username, username: user.username, invitedBy,
      role: isRole(user.role) ? ROLE_LABELS[user.role] : user.role, url, expiresAt,
    });
    return true;
  } catch (error) {
    log.warn(`invitation mail to user ${user.id} not sent: ${(error as Error).message}`);
    return false;
  }
}

/** The account an unexpired, unused link names, or a 404. */
export async function findInvitation(db: Db, token: string, now = new Date()): Promise<AdminUserRow> {
  const user = await authRepo.findUserByInvite(db, hashToken(token));
  if (!user || !user.inviteExpiresAt || user.inviteExpiresAt.getTime() <= now.getTime() || user.disabledAt) {
    throw new AppError('not_found', INVALID_INVITATION);
  }
  return user;
}

/** Sets the invited person's password and spends the link (it works once). */
export async function acceptInvitation(db: Db, token: string, password: string): Promise<AdminUserRow> {
  await findInvitation(db, token);
  const updated = await authRepo.spendInvitation(db, hashToken(token), { passwordHash: await hashPassword(password), passwordChangedAt: new Date() });
  if (!updated) throw new AppError('not_found', INVALID_INVITATION);
  return updated;
}
