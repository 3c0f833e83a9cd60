// Newsletter subscribers for the admin (spec 03 §2.5, §3, §7 'Newsletter subscribers').
import { z } from 'zod';
import { plainNumber } from './plain-number.ts';
import { visibleText } from './visible-text.ts';

export const NEWSLETTER_ADMIN_MESSAGES = {
  loadFailed: 'خطا در بارگذاری اطلاعات مشترکین خبرنامه',
  deleteFailed: 'خطا در حذف مشترک',
  updateFailed: 'خطا در بروزرسانی مشترک',
  exportFailed: 'خطا در خروجی گیری',
  notFound: 'مشترک مورد نظر یافت نشد',
  empty: 'هیچ مشترکی یافت نشد',
  deleted: 'مشترک حذف شد',
  renamed: 'نام مشترک به‌روزرسانی شد',
  activated: 'مشترک فعال شد',
  deactivated: 'مشترک غیرفعال شد',
  nothingToUpdate: 'نام یا وضعیت مشترک را بفرستید',
} as const;

export const SUBSCRIBER_STATUSES = ['all', 'active', 'inactive'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
/** Spec 03 §9: the list reads 100 subscribers. */
export const SUBSCRIBER_LIST_LIMIT = 100;
/** Spec 03 §9: a subscriber without a recorded source came from the website. */
export const DEFAULT_SUBSCRIBER_SOURCE = 'website';
/** Where a subscriber signed up, as the admin's table names it. */
export const SUBSCRIBER_SOURCE_LABELS: Record<string, string> = { website: 'وب‌سایت' };

const status = z.enum(SUBSCRIBER_STATUSES, { error: 'وضعیت نامعتبر است' }).default('all');
const search = z.string().trim().max(254, 'عبارت جستجو حداکثر ۲۵۴ نویسه است').default('');

/** GET /api/admin/newsletter/subscribers: search is a case-insensitive substring of email or name. */
export const adminSubscribersQuery = z.object({
  status,
  search,
  limit: plainNumber(z.coerce.number({ error: 'تعداد باید عدد باشد' }).int('تعداد باید عدد صحیح باشد').min(1, 'تعداد باید دست‌کم ۱ باشد').max(1000, 'تعداد حداکثر ۱۰۰۰ است')).default(SUBSCRIBER_LIST_LIMIT),
  /** How many matching subscribers to skip: where the page starts. */
  offset: plainNumber(z.coerce.number({ error: 'جابه‌جایی باید عدد باشد' }).int('جابه‌جایی باید عدد صحیح باشد').min(0, 'جابه‌جایی نمی‌تواند منفی باشد').max(10_000_000, 'جابه‌جایی بیش از حد بزرگ است')).default(0),
});
export type AdminSubscribersQuery = z.infer<typeof adminSubscribersQuery>;

export const newsletterSubscriber = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  isActive: z.boolean(),
  subscribedAt: z.string(),
  source: z.string(),
  /** When the owner followed a confirmation link; null: never confirmed, gets no mail. */
  confirmedAt: z.string().nullable(),
  /** When the owner unsubscribed; gets no mail since. */
  unsubscribedAt: z.string().nullable(),
  /** When a mail server refused the address for good; gets no mail since. */
  bouncedAt: z.string().nullable(),
});
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriber>;

/** Counts over every subscriber; todaySubscriptions counts those since midnight in Tehran. */
export const subscriberStats = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  todaySubscriptions: z.number().int(),
  /** Addresses waiting for their owner's confirmation (signups not yet confirmed). */
  pending: z.number().int(),
  /** Confirmed, active, neither unsubscribed nor bounced: who gets the newsletter. */
  receiving: z.number().int(),
});

export const adminSubscribersResponse = z.object({
  subscribers: z.array(newsletterSubscriber),
  stats: subscriberStats,
  /** How many match the status and search (for paging with offset). */
  matching: z.number().int(),
});
export type AdminSubscribersResponse = z.infer<typeof adminSubscribersResponse>;

/** PATCH /api/admin/newsletter/subscribers/{id}: `{name}` or `{isActive}` (or both). */
export const updateSubscriberBody = z.strictObject({
  name: visibleText({ label: 'نام', min: 0, max: 120, notText: 'نام نامعتبر است' }).nullable().optional(),
  isActive: z.boolean({ error: 'وضعیت فعال بودن باید درست یا نادرست باشد' }).optional(),
}, { error: (issue) => (issue.code === 'unrecognized_keys' ? 'فقط نام یا وضعیت مشترک را می‌توان تغییر داد' : undefined) }).refine((b) => b.name !== undefined || b.isActive !== undefined, { message: NEWSLETTER_ADMIN_MESSAGES.nothingToUpdate });
export type UpdateSubscriberBody = z.infer<typeof updateSubscriberBody>;

export const subscriberResponse = z.object({ success: z.boolean(), message: z.string(), subscriber: newsletterSubscriber });

/** POST /api/admin/newsletter/export: a CSV (UTF-8 with BOM) of the subscribers with that status. */
export const exportSubscribersBody = z.object({ status, search: search.optional() }).strict().nullish();
