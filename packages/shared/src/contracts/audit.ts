// The audit trail as the owner reads it: who did what, when, from where, with before and after.
import { z } from 'zod';
import { plainNumber } from './plain-number.ts';
import { ltr } from '../text/bidi.ts';

export const auditChange = z.object({
  id: z.union([z.number(), z.string()]).optional(),
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditChange = z.infer<typeof auditChange>;

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string().nullable(),
  actorRole: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  action: z.string(),
  method: z.string().nullable(),
  route: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  changes: z.array(auditChange),
  details: z.record(z.string(), z.unknown()),
  status: z.number().int().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/**
 * A moment: date and time with its zone, as the page sends it (toISOString). Its year in UTC
 * lies in 1–9999: a well-formed moment outside (0000-01-01T00:00:00Z, or 9999-12-31T23:59:59-14:00,
 * which is year 10000 in UTC) has no plain ISO form, and the database refuses it as a timestamp.
 */
const dateField = z.iso.datetime({ offset: true, error: `تاریخ باید تاریخ و ساعت به شکل ${ltr('2026-01-31T08:30:00Z')} باشد` })
  .refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 1 && year <= 9999;
  }, 'تاریخ باید میان سال‌های ۱ تا ۹۹۹۹ میلادی باشد');

export const auditQuery = z.object({
  actor: z.string().trim().max(64).optional(),
  action: z.string().trim().max(64).optional(),
  targetType: z.string().trim().max(32).optional(),
  targetId: z.string().trim().max(80).optional(),
  from: dateField.optional(),
  to: dateField.optional(),
  page: plainNumber(z.coerce.number().int().min(1).max(100_000)).default(1),
  limit: plainNumber(z.coerce.number().int().min(1).max(100)).default(25),
});

export const auditPage = z.object({
  entries: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  actors: z.array(z.string()),
  actions: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPage>;

/** Each action's name on the audit screen. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'auth.login': 'ورود',
  'auth.logout': 'خروج',
  'invitation.accept': 'پذیرش دعوت‌نامه',
  'article.update': 'ویرایش مقاله',
  'article.publish': 'انتشار مقاله',
  'article.unpublish': 'خارج کردن مقاله از انتشار',
  'article.delete': 'حذف مقاله',
  'article.undelete': 'بازگرداندن مقالهٔ حذف‌شده',
  'article.purge': 'حذف همیشگی مقاله',
  'article.restore': 'بازگرداندن نسخهٔ مقاله',
  'article.bulk': 'کار گروهی روی مقاله‌ها',
  'article.upload': 'بارگذاری پرونده',
  'article.regenerate': 'بازنویسی دوبارهٔ مقاله',
  'article.fix-image': 'اصلاح تصویر مقاله',
  'article.breaking': 'ارسال خبر فوری',
  'podcast.make': 'ساخت پادکست',
  'podcast.speech-text.save': 'اصلاح متن گفتار پادکست',
  'podcast.speech-text.reset': 'بازگشت متن گفتار به متن مقاله',
  'job.start': 'شروع عملیات',
  'operation.confirm': 'تأیید عملیات',
  'operation.undo': 'بازگرداندن عملیات',
  'operation.cancel': 'لغو عملیات',
  'operation.clear': 'پاک کردن عملیات',
  'monitor.start': 'روشن کردن پایش خودکار',
  'monitor.stop': 'خاموش کردن پایش خودکار',
  'channel.create': 'افزودن کانال',
  'channel.update': 'ویرایش کانال',
  'channel.validate': 'بررسی کانال‌ها',
  'comment.approve': 'تأیید نظر',
  'comment.unapprove': 'برداشتن تأیید نظر',
  'comment.delete': 'حذف نظر',
  'comment.bulk': 'کار گروهی روی نظرها',
  'comment.restore': 'بازگرداندن نظر حذف‌شده',
  'blocklist.remove': 'برداشتن از فهرست مسدود',
  'blocklist.allow': 'اجازهٔ تولید دوباره',
  'ignored.sample': 'ثبت نمونهٔ پست‌های نادیده',
  'ignored.review': 'بازبینی پست نادیده',
  'ignored.process': 'پردازش پست نادیده',
  'subscriber.update': 'ویرایش مشترک خبرنامه',
  'subscriber.delete': 'حذف مشترک خبرنامه',
  'newsletter.export': 'خروجی گرفتن از مشترکان',
  'newsletter.schedule': 'تنظیم زمان‌بندی خبرنامه',
  'newsletter.send': 'ارسال فوری خبرنامه',
  'telegram.sign-in': 'ورود حساب تلگرام سایت',
  'telegram.cancel': 'لغو ورود تلگرام',
  'telegram.logout': 'خروج حساب تلگرام سایت',
  'duplicate.delete': 'حذف مقالهٔ تکراری',
  'user.create': 'ساخت حساب',
  'user.update': 'تغییر حساب',
  'user.delete': 'حذف حساب',
  'user.invite': 'پیوند دعوت تازه',
  'session.end': 'پایان نشست',
  'account.update': 'ویرایش حساب خود',
  'account.password': 'تغییر رمز عبور',
  'account.two-factor-enable': 'فعال کردن ورود دومرحله‌ای',
  'account.two-factor-disable': 'خاموش کردن ورود دومرحله‌ای',
  'account.recovery-codes': 'کدهای بازیابی تازه',
  'security.update': 'تغییر قواعد امنیتی',
};

export const AUDIT_TARGET_LABELS: Readonly<Record<string, string>> = {
  article: 'مقاله',
  operation: 'عملیات',
  channel: 'کانال',
  comment: 'نظر',
  blocked: 'پست مسدود',
  ignored: 'پست نادیده',
  subscriber: 'مشترک',
  user: 'حساب',
  session: 'نشست',
  settings: 'تنظیمات',
};

/** Field names in before/after, in Persian. */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  title: 'عنوان', excerpt: 'خلاصه', content: 'متن', category: 'دسته', featured: 'ویژه', status: 'وضعیت',
  imageUrl: 'تصویر', videoUrl: 'ویدیو', metaDescription: 'توضیح متا', unpublishedReason: 'دلیل خروج از انتشار',
  role: 'نقش', disabled: 'غیرفعال', name: 'نام', email: 'ایمیل', isApproved: 'تأییدشده', isActive: 'فعال',
  username: 'نام کاربری', active: 'فعال', enabled: 'روشن', requireOwnerTwoFactor: 'ورود دومرحله‌ای برای مالکان',
  reviewed: 'بازبینی‌شده', shouldProcess: 'پردازش شود', twoFactor: 'ورود دومرحله‌ای', exists: 'موجود',
  // Operations
  kind: 'عملیات', confirmedBy: 'تأییدکننده', undoneBy: 'بازگرداننده',
  // Channels
  cleaningRules: 'قواعد پاک‌سازی',
  // Comments
  authorName: 'نام نویسنده',
  // Ignored and blocked posts
  reason: 'دلیل', reviewedBy: 'بازبین', allowRegeneration: 'اجازهٔ تولید دوباره',
  // Sessions
  ip: 'نشانی', userAgent: 'مرورگر', lastSeenAt: 'آخرین فعالیت',
};
