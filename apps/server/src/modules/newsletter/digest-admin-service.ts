// The admin's side of the digest: the mail service's state, the schedule, the latest digests with
// their counts, one digest's sends, the preview and 'send now'.
import {
  DIGEST_STATUSES, NEWSLETTER_MESSAGES, type DigestPreview, type DigestStatus, type DigestSchedule, type DigestSendsResponse, type DigestSummary, type NewsletterDigestsResponse, type SendStatus,
} from '@chapar/shared/contracts';
import { ltr } from '@chapar/shared/text';
import { missingMailSettings, smtpServerLabel, type MailSendError } from '../../integrations/mail/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { newsletterDigestJob } from '../../jobs/specs.ts';
import type { Services } from '../../services.ts';
import { runOperation, type OperationOutcome } from '../operations/run-operation.ts';
import { chooseDigestArticles } from './digest-articles.ts';
import { digestMail } from './digest-mail.ts';
import { digestRepo, type DigestRow } from './digest-repo.ts';
import { applySchedule, nextRunAt, periodMs, readSchedule, writeSchedule } from './digest-schedule.ts';
import { UNSUBSCRIBE_PATH } from './public-routes.ts';

/** The latest digests the page lists. */
const DIGEST_LIST_LIMIT = 20;
/** 'Send now' waits this long for its digest to be made before answering 202 with the operation. */
const SEND_NOW_WAIT_MS = 10_000;
const EMPTY_COUNTS = { total: 0, queued: 0, sending: 0, sent: 0, failed: 0, retrying: 0, bounced: 0 };

export function mailServiceStatus(s: Pick<Services, 'config' | 'mailer'>) {
  const { url, from } = s.config.mail;
  return {
    configured: s.mailer !== null,
    missing: missingMailSettings(s.config.mail),
    from: from ?? null,
    server: url ? smtpServerLabel(url) : null,
  };
}

function toSummary(row: DigestRow, counts = EMPTY_COUNTS, failureReason: string | null = null): DigestSummary {
  return {
    id: row.id,
    trigger: row.trigger === 'admin' ? 'admin' : 'schedule',
    subject: row.subject,
    status: (DIGEST_STATUSES as readonly string[]).includes(row.status) ? row.status as DigestStatus : 'sending',
    articleCount: row.articleIds.length,
    requestedBy: row.requestedBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    counts,
    failureReason,
  };
}

export async function newsletterOverview(s: Pick<Services, 'config' | 'db' | 'mailer' | 'jobs'>): Promise<NewsletterDigestsResponse> {
  const schedule = await readSchedule(s.db);
  const rows = await digestRepo.latest(s.db, DIGEST_LIST_LIMIT);
  const counts = await digestRepo.counts(s.db, rows.map((r) => r.id));
  const reasons = await digestRepo.failureReasons(s.db, rows.map((r) => r.id));
  const next = await nextRunAt(s, schedule);
  return {
    mail: mailServiceStatus(s),
    schedule,
    nextRunAt: next?.toISOString() ?? null,
    recipients: await digestRepo.recipientCount(s.db),
    digests: rows.map((r) => toSummary(r, counts.get(r.id), reasons.get(r.id) ?? null)),
  };
}

export async function digestSends(s: Pick<Services, 'db'>, digestId: number, query: { status: SendStatus | 'all'; limit: number }): Promise<DigestSendsResponse> {
  if (!(await digestRepo.byId(s.db, digestId))) throw notFound('خبرنامه مورد نظر یافت نشد');
  const { rows, matching } = await digestRepo.sends(s.db, digestId, query.status, query.limit);
  return {
    sends: rows.map((r) => ({
      id: r.id, email: r.email, status: r.status as SendStatus, bounced: r.bounced, retry: r.retry, attempts: r.attempts, error: r.error, sentAt: r.sentAt?.toISOString() ?? null,
    })),
    matching,
  };
}

export async function saveSchedule(s: Pick<Services, 'db' | 'jobs'>, schedule: DigestSchedule) {
  await writeSchedule(s.db, schedule);
  await applySchedule(s, schedule);
  const next = await nextRunAt(s, schedule);
  return { success: true, message: NEWSLETTER_MESSAGES.scheduleSaved, schedule, nextRunAt: next?.toISOString() ?? null };
}

/** The digest as it would go out now, to a sample reader (its unsubscribe link names nobody). */
export async function previewDigest(s: Pick<Services, 'config' | 'db'>, now = new Date()): Promise<DigestPreview> {
  const schedule = await readSchedule(s.db);
  const articles = await chooseDigestArticles(s.db, schedule.articleCount, new Date(now.getTime() - periodMs(schedule)));
  const base = s.config.publicBaseUrl;
  const mail = digestMail({ siteName: s.config.siteName, baseUrl: base, articles, unsubscribeUrl: `${base}${UNSUBSCRIBE_PATH}`, now });
  return { ...mail, articleCount: articles.length };
}

/**
 * 'Send now': the mail server is asked first (within MAIL_TIMEOUT_MS), so a stuck or refusing
 * server is an answer (503 with its reason) before anything is queued; then the digest is made as
 * an operation, and its mail goes out through the queue.
 */
export async function sendNow(s: Pick<Services, 'config' | 'db' | 'mailer' | 'jobs'>, requestedBy: string | null): Promise<OperationOutcome> {
  if (!s.mailer) throw new AppError('conflict', `${NEWSLETTER_MESSAGES.mailNotConfigured}؛ ${ltr('SMTP_URL')} و ${ltr('MAIL_FROM')} را تنظیم کنید`);
  try {
    await s.mailer.verify();
  } catch (error) {
    throw new AppError('unavailable', `${NEWSLETTER_MESSAGES.sendNowFailed}: ${(error as MailSendError).message}`);
  }
  const quick = { ...s, config: { ...s.config, adminJobWaitMs: Math.min(s.config.adminJobWaitMs, SEND_NOW_WAIT_MS) } };
  return runOperation(quick, newsletterDigestJob, { trigger: 'admin', requestedBy }, { kind: 'newsletter-send-now', requestedBy });
}
