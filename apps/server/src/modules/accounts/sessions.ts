// Signed-in sessions as their owner (or the site's owner) sees them: device, address, last
// seen; each can be ended. They are named by their public id, never by the cookie's value.
import type { Db } from '@chapar/db';
import type { SessionInfo } from '@chapar/shared/contracts';
import { notFound } from '../../errors.ts';
import { authRepo, type SessionRow } from '../auth/repo.ts';

// Named in Persian, as the rest of the page is: 'کروم روی اندروید', not 'Chrome روی Android'.
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\//, 'اج'], [/OPR\/|Opera/, 'اپرا'], [/SamsungBrowser\//, 'سامسونگ اینترنت'], [/Firefox\/|FxiOS\//, 'فایرفاکس'],
  [/Chrome\/|CriOS\//, 'کروم'], [/Safari\//, 'سافاری'], [/curl\//, 'کرل'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, 'اندروید'], [/iPhone|iPad|iPod/, 'آی‌اواس'], [/Windows/, 'ویندوز'], [/Mac OS X|Macintosh/, 'مک'], [/CrOS/, 'کروم‌اواس'], [/Linux/, 'لینوکس'],
];

/** 'کروم روی اندروید' from a user agent; 'دستگاه ناشناس' when it tells nothing. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'دستگاه ناشناس';
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} روی ${system}`;
  return browser ?? system ?? 'دستگاه ناشناس';
}

export function toSessionInfo(row: SessionRow & { username: string }, currentIdHash: string | null): SessionInfo {
  return {
    id: row.publicId,
    userId: row.userId,
    username: row.username,
    device: describeDevice(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.idHash === currentIdHash,
  };
}

export async function listSessions(db: Db, opts: { userId?: number; currentIdHash: string | null }): Promise<SessionInfo[]> {
  const rows = await authRepo.listSessions(db, new Date(), opts.userId);
  return rows.map((row) => toSessionInfo(row, opts.currentIdHash));
}

/**
 * Ends one session by its public id. `ownerOf` limits it to one user's sessions (a user ending
 * their own); the site's owner passes none. Another user's session is "not found" to a user.
 */
export async function endSession(db: Db, publicId: string, ownerOf?: number): Promise<SessionRow> {
  const row = await authRepo.findSessionByPublicId(db, publicId);
  if (!row || (ownerOf !== undefined && row.userId !== ownerOf)) throw notFound('نشست یافت نشد یا پیش‌تر پایان یافته است');
  await authRepo.deleteSession(db, row.idHash);
  return row;
}

