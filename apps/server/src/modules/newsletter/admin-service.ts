// Newsletter administration (spec 03 §2.5): the list with its stats, rename, activate or
// deactivate, delete, and the CSV export.
import {
  CONFIRM_VALID_DAYS, DEFAULT_SUBSCRIBER_SOURCE, NEWSLETTER_ADMIN_MESSAGES, SUBSCRIBER_SOURCE_LABELS, type AdminSubscribersQuery, type WaitingSignupsResponse, type AdminSubscribersResponse, type NewsletterSubscriber,
  type SubscriberStatus, type UpdateSubscriberBody,
} from '@chapar/shared/contracts';
import { formatJalaliDateTime, SITE_TIME_ZONE } from '@chapar/shared/text';
import type { Db } from '@chapar/db';
import { notFound } from '../../errors.ts';
import { subscriberAdminRepo, subscriberFilter, type SubscriberRow } from './admin-repo.ts';
import { toCsv } from './csv.ts';
import { signupRepo } from './signup-repo.ts';

/** The calendar date (YYYY-MM-DD) in the site's time zone (or another). */
export function siteDate(now: Date, timeZone: string = SITE_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Midnight of the site's day that holds `now` (Tehran keeps one offset all year). */
export function siteDayStart(now: Date): Date {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: SITE_TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(now).find((p) => p.type === 'timeZoneName')?.value.replace('GMT', '') || '+00:00';
  return new Date(`${siteDate(now)}T00:00:00${offset}`);
}

function toSubscriber(row: SubscriberRow): NewsletterSubscriber {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    isActive: row.isActive,
    subscribedAt: row.subscribedAt.toISOString(),
    source: row.source || DEFAULT_SUBSCRIBER_SOURCE,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    bouncedAt: row.bouncedAt?.toISOString() ?? null,
  };
}

export async function listSubscribers(db: Db, q: AdminSubscribersQuery, now = new Date()): Promise<AdminSubscribersResponse> {
  const where = subscriberFilter(q);
  const [rows, matching, stats, pending] = [
    await subscriberAdminRepo.list(db, where, q),
    await subscriberAdminRepo.count(db, where),
    await subscriberAdminRepo.stats(db, siteDayStart(now)),
    await signupRepo.waitingCount(db, confirmationValidSince(now)),
  ];
  return { subscribers: rows.map(toSubscriber), stats: { ...stats, pending }, matching };
}

/** Signups younger than this can still be confirmed. */
export const confirmationValidSince = (now: Date) => new Date(now.getTime() - CONFIRM_VALID_DAYS * 86_400_000);

/** Addresses waiting for their owner's confirmation, newest first. */
export async function listWaitingSignups(db: Db, page: { limit: number; offset: number }, now = new Date()): Promise<WaitingSignupsResponse> {
  const since = confirmationValidSince(now);
  const [rows, matching] = [await signupRepo.waiting(db, since, page), await signupRepo.waitingCount(db, since)];
  return {
    signups: rows.map((r) => ({ id: r.id, email: r.email, name: r.name, createdAt: r.createdAt.toISOString(), mailStatus: r.mailStatus, mailError: r.mailError })),
    matching,
  };
}

export async function updateSubscriber(db: Db, id: number, body: UpdateSubscriberBody) {
  const patch: Partial<Pick<SubscriberRow, 'name' | 'isActive'>> = {};
  if (body.name !== undefined) patch.name = body.name || null;
  if (body.isActive !== undefined) patch.isActive = body.isActive;
  const row = await subscriberAdminRepo.update(db, id, patch);
  if (!row) throw notFound(NEWSLETTER_ADMIN_MESSAGES.notFound);
  const message = body.isActive === undefined ? NEWSLETTER_ADMIN_MESSAGES.renamed
    : body.isActive ? NEWSLETTER_ADMIN_MESSAGES.activated : NEWSLETTER_ADMIN_MESSAGES.deactivated;
  return { success: true, message, subscriber: toSubscriber(row) };
}

export async function deleteSubscriber(db: Db, id: number) {
  if (!(await subscriberAdminRepo.delete(db, id))) throw notFound(NEWSLETTER_ADMIN_MESSAGES.notFound);
  return { success: true, message: NEWSLETTER_ADMIN_MESSAGES.deleted };
}

/** Rows are read in pages so a long list never sits in memory twice. */
const EXPORT_PAGE = 5000;
const EXPORT_HEADER = ['ایمیل', 'نام', 'وضعیت', 'تاریخ عضویت', 'تاریخ عضویت (ISO)', 'منبع'];

/** A known source by the Persian name the admin's table shows ('وب‌سایت'); another as written. */
function sourceName(source: string | null): string {
  const key = source || DEFAULT_SUBSCRIBER_SOURCE;
  return SUBSCRIBER_SOURCE_LABELS[key] ?? key;
}

export async function exportSubscribers(db: Db, filter: { status: SubscriberStatus; search?: string }, now = new Date()) {
  const where = subscriberFilter(filter);
  const rows: Array<Array<string | null>> = [];
  for (let offset = 0; ; offset += EXPORT_PAGE) {
    const page = await subscriberAdminRepo.list(db, where, { limit: EXPORT_PAGE, offset });
    for (const r of page) {
      rows.push([r.email, r.name, r.isActive ? 'فعال' : 'غیرفعال', formatJalaliDateTime(r.subscribedAt), r.subscribedAt.toISOString(), sourceName(r.source)]);
    }
    if (page.length < EXPORT_PAGE) break;
  }
  return { filename: `newsletter-subscribers-${siteDate(now)}.csv`, csv: toCsv(EXPORT_HEADER, rows) };
}
