// System health and queue status (spec 03 §3), read by the system-monitor tab.
import { z } from 'zod';

export const HEALTH_STATUSES = ['healthy', 'degraded', 'down'] as const;

export const serviceHealth = z.object({
  /** Stable key: database, ai, speech, storage, telegram-proxy, mail, channel:primary, channel:secondary. */
  id: z.string(),
  /** Display name (Persian). */
  service: z.string(),
  status: z.enum(HEALTH_STATUSES),
  error: z.string().nullable(),
  /** Milliseconds the check took; null when nothing was asked. */
  responseTime: z.number().nullable(),
  lastChecked: z.string(),
});
export type ServiceHealth = z.infer<typeof serviceHealth>;

export const systemHealth = z.object({
  overall: z.enum(HEALTH_STATUSES),
  /** Milliseconds since this process started. */
  uptime: z.number().int(),
  memory: z.object({ percentage: z.number(), used: z.number().int(), free: z.number().int() }),
  timestamp: z.string(),
  services: z.array(serviceHealth),
});
export type SystemHealth = z.infer<typeof systemHealth>;

const counts = {
  pending: z.number().int(),
  processing: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
};

export const queueStatus = z.object({
  ...counts,
  total: z.number().int(),
  totalProcessed: z.number().int(),
  queues: z.array(z.object({ name: z.string(), ...counts })),
});
export type QueueStatus = z.infer<typeof queueStatus>;

/**
 * The job queues as the system monitor names them: the names are pg-boss's (apps/server/src/jobs/specs.ts),
 * and '__pgboss__send-it' is pg-boss's own queue that sends the scheduled jobs.
 */
export const QUEUE_LABELS: Record<string, string> = {
  'ingest-post': 'پردازش تک پست',
  'check-channels': 'بررسی کانال‌ها',
  'fetch-posts': 'دریافت پست‌های نام‌برده',
  'repair-articles': 'ترمیم مقاله‌ها',
  'media-maintenance': 'نگهداری رسانه',
  'verify-content': 'تأیید محتوا',
  'make-podcasts': 'ساخت پادکست',
  'push-breaking': 'ارسال اعلان خبر فوری',
  'image-variants': 'ساخت اندازه‌های تصویر',
  'scan-duplicates': 'اسکن تکراری‌ها',
  'reindex-duplicates': 'بازسازی نمایهٔ تکراری‌ها',
  'newsletter-confirmation': 'نامه‌های تأیید عضویت خبرنامه',
  'newsletter-digest': 'ساخت خبرنامه',
  'newsletter-send': 'ارسال خبرنامه',
  'prune-audit': 'پاک‌سازی موارد قدیمی گزارش کارها',
  'purge-deleted': 'حذف همیشگی مقاله‌ها و نظرهای حذف‌شدهٔ قدیمی',
  '__pgboss__send-it': 'زمان‌بندی کارهای دوره‌ای',
};

export function queueLabel(name: string): string {
  return QUEUE_LABELS[name] ?? (name.startsWith('__pgboss__') ? 'صف داخلی کارها' : 'صف دیگر');
}

export const healthQuery = z.object({
  /** true: ask every service now instead of answering from the results kept for a while (the manual refresh). */
  refresh: z.enum(['true', 'false']).optional(),
});

/** One queue sample of the last hour. */
export const queueSample = z.object({ at: z.string(), ...counts });
/** One health sample: each service's response time in ms (null when nothing was asked), by service id. */
export const responseSample = z.object({ at: z.string(), times: z.record(z.string(), z.number().nullable()) });

/** The system monitor's charts: the last hour, oldest first. */
export const systemHistory = z.object({
  windowMinutes: z.number().int(),
  queue: z.array(queueSample),
  responseTimes: z.array(responseSample),
  /** Display names of the services that appear in responseTimes. */
  services: z.record(z.string(), z.string()),
});
export type SystemHistory = z.infer<typeof systemHistory>;
