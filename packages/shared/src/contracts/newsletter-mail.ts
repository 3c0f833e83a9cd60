// The newsletter's mail (issue 34): the signup's answers, the digest's schedule, the sends and
// their counts for the admin page, the preview and 'send now'.
import { z } from 'zod';
import { plainNumber } from './plain-number.ts';
import { NEWSLETTER_FLOODED } from '../text/newsletter-form.ts';

export const NEWSLETTER_MESSAGES = {
  /** The same answer for a new address and a known one, so the form reveals no subscriber. */
  waiting: 'ایمیلی برای تأیید عضویت به این نشانی فرستادیم؛ برای تکمیل عضویت پیوند آن را باز کنید. تا تأیید نکنید، خبرنامه‌ای فرستاده نمی‌شود.',
  waitingNoMail: 'درخواست عضویت شما ثبت شد. ایمیل تأیید، پس از راه‌اندازی ارسال ایمیل در سایت، به این نشانی فرستاده می‌شود و عضویت با باز کردن پیوند آن کامل می‌شود.',
  flooded: NEWSLETTER_FLOODED,
  mailNotConfigured: 'ارسال ایمیل تنظیم نشده است',
  scheduleSaved: 'زمان‌بندی خبرنامه ذخیره شد',
  sendNowFailed: 'ارسال خبرنامه آغاز نشد',
  noArticles: 'مقاله تازه‌ای برای خبرنامه نیست؛ چیزی فرستاده نشد',
} as const;

/** A confirmation link works this long after the signup. */
export const CONFIRM_VALID_DAYS = 7;

export const DIGEST_FREQUENCIES = ['daily', 'weekly'] as const;
/** Time zones the schedule may be set in (the site's own first). */
export const DIGEST_TIME_ZONES = ['Asia/Tehran', 'UTC'] as const;

export const digestSchedule = z.strictObject({
  enabled: z.boolean({ error: 'روشن یا خاموش بودن ارسال را مشخص کنید' }),
  frequency: z.enum(DIGEST_FREQUENCIES, { error: 'دوره ارسال باید روزانه یا هفتگی باشد' }),
  /** Day of the week for a weekly digest, as cron counts it: 0 Sunday … 6 Saturday. */
  weekday: z.number({ error: 'روز هفته نامعتبر است' }).int('روز هفته نامعتبر است').min(0, 'روز هفته نامعتبر است').max(6, 'روز هفته نامعتبر است'),
  /** 'HH:MM', 24-hour, in timeZone. */
  time: z.string({ error: 'ساعت ارسال نامعتبر است' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'ساعت ارسال باید به شکل ۰۸:۰۰ باشد'),
  timeZone: z.enum(DIGEST_TIME_ZONES, { error: 'منطقه زمانی نامعتبر است' }),
  /** How many of the top articles one digest carries. */
  articleCount: z.number({ error: 'تعداد مقاله‌ها نامعتبر است' }).int('تعداد مقاله‌ها باید عدد صحیح باشد').min(3, 'دست‌کم ۳ مقاله').max(20, 'حداکثر ۲۰ مقاله'),
}, { error: (issue) => (issue.code === 'unrecognized_keys' ? 'فیلد ناشناخته در زمان‌بندی' : undefined) });
export type DigestSchedule = z.infer<typeof digestSchedule>;

/** Daily at eight in the morning, Tehran time. */
export const DEFAULT_DIGEST_SCHEDULE: DigestSchedule = { enabled: true, frequency: 'daily', weekday: 6, time: '08:00', timeZone: 'Asia/Tehran', articleCount: 8 };

export const SEND_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

export const sendCounts = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  /** Sends that failed for good: no attempt sends them again. */
  failed: z.number().int(),
  /** Sends the mail service did not take (down, refusing for now): the job's next attempt sends them again. */
  retrying: z.number().int(),
  /** Failures where the recipient's server refused the address for good (counted in failed too). */
  bounced: z.number().int(),
});
export type SendCounts = z.infer<typeof sendCounts>;

export const DIGEST_STATUSES = ['sending', 'done', 'failed', 'empty'] as const;
export type DigestStatus = (typeof DIGEST_STATUSES)[number];

export const digestSummary = z.object({
  id: z.number().int(),
  trigger: z.enum(['schedule', 'admin']),
  subject: z.string(),
  /**
   * sending; done (every send ended: counts.failed says how many did not get it); failed (it reached
   * nobody: every send failed); or empty (there was no article: nothing was sent).
   */
  status: z.enum(DIGEST_STATUSES),
  articleCount: z.number().int(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  counts: sendCounts,
  /** Why its sends fail (the mail server's answer, in Persian): those waiting for a retry first, else the commonest. */
  failureReason: z.string().nullable(),
});
export type DigestSummary = z.infer<typeof digestSummary>;

export const mailServiceStatus = z.object({
  configured: z.boolean(),
  /** The variables to set (SMTP_URL, MAIL_FROM) while not configured. */
  missing: z.array(z.string()),
  from: z.string().nullable(),
  /** host:port, never the credentials. */
  server: z.string().nullable(),
});

/** GET /api/admin/newsletter/digests: the mail service, the schedule and the latest digests. */
export const newsletterDigestsResponse = z.object({
  mail: mailServiceStatus,
  schedule: digestSchedule,
  /** The schedule's next digest, while it is on. */
  nextRunAt: z.string().nullable(),
  /** Confirmed, active addresses: who the next digest goes to. */
  recipients: z.number().int(),
  digests: z.array(digestSummary),
});
export type NewsletterDigestsResponse = z.infer<typeof newsletterDigestsResponse>;

export const digestSendsQuery = z.object({
  status: z.enum(['all', ...SEND_STATUSES], { error: 'وضعیت نامعتبر است' }).default('all'),
  limit: plainNumber(z.coerce.number({ error: 'تعداد باید عدد باشد' }).int('تعداد باید عدد صحیح باشد').min(1, 'تعداد باید دست‌کم ۱ باشد').max(500, 'تعداد حداکثر ۵۰۰ است')).default(100),
});

export const digestSend = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(SEND_STATUSES),
  bounced: z.boolean(),
  /** A failure the queue tries again. */
  retry: z.boolean(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
});

export const digestSendsResponse = z.object({ sends: z.array(digestSend), matching: z.number().int() });
export type DigestSendsResponse = z.infer<typeof digestSendsResponse>;

export const scheduleResponse = z.object({ success: z.boolean(), message: z.string(), schedule: digestSchedule, nextRunAt: z.string().nullable() });

/** GET /api/admin/newsletter/preview: the next digest as it would be sent now. */
export const digestPreviewResponse = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  articleCount: z.number().int(),
});
export type DigestPreview = z.infer<typeof digestPreviewResponse>;

/** GET /api/admin/newsletter/signups: addresses waiting for their owner's confirmation. */
export const waitingSignup = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  createdAt: z.string(),
  /** The confirmation mail: unsent (no mail service), queued, sending, sent, failed, skipped (one went a moment ago). */
  mailStatus: z.string(),
  mailError: z.string().nullable(),
});
export const waitingSignupsResponse = z.object({ signups: z.array(waitingSignup), matching: z.number().int() });
export type WaitingSignupsResponse = z.infer<typeof waitingSignupsResponse>;
