// Breaking news by Web Push: a reader's subscription from the site, the admin's "breaking news"
// action, and the message the service worker shows.
import { z } from 'zod';

const base64url = (min: number, max: number) => z.string().min(min).max(max).regex(/^[A-Za-z0-9_-]+=*$/, 'base64url');

/** PushSubscription.toJSON() as the browser gives it (expirationTime is ignored). */
export const pushSubscriptionBody = z.object({
  endpoint: z.url().max(2048),
  expirationTime: z.number().nullish(),
  keys: z.object({
    /** An uncompressed P-256 point: 65 bytes, 87 characters. */
    p256dh: base64url(86, 90),
    /** 16 bytes: 22 characters. */
    auth: base64url(21, 26),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushUnsubscribeBody = z.object({ endpoint: z.url().max(2048) });

export const pushKeyResponse = z.object({ publicKey: z.string() });

export const pushSubscribeResponse = z.object({ success: z.boolean(), message: z.string() });

export const breakingNewsResponse = z.object({
  alertId: z.number().int(),
  /** Subscriptions the message is on its way to. */
  subscriptions: z.number().int(),
  message: z.string(),
});
export type BreakingNewsResponse = z.infer<typeof breakingNewsResponse>;

/** What the service worker receives (encrypted) and shows. */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  /** The article's address on the site, opened on click. */
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayload>;

/** New subscriptions one client address may make: a burst, then a few an hour. */
export const PUSH_CLIENT_BUDGETS = [{ windowMs: 60_000, max: 5 }, { windowMs: 3_600_000, max: 20 }] as const;

export const PUSH_MESSAGES = {
  title: 'خبر فوری',
  subscribed: 'اعلان خبرهای فوری برای این مرورگر فعال شد',
  unsubscribed: 'اعلان خبرهای فوری برای این مرورگر خاموش شد',
  notPushService: 'این نشانی از سرویس اعلان مرورگرها نیست',
  flooded: 'درخواست‌های اشتراک از این نشانی زیاد است؛ کمی بعد دوباره تلاش کنید',
  notPublished: 'فقط مقالهٔ منتشرشده را می‌توان خبر فوری کرد',
  alreadySent: 'این مقاله پیش‌تر خبر فوری شده است',
  queued: (count: string) => `خبر فوری برای ${count} مشترک در صف ارسال است`,
  noSubscribers: 'هنوز کسی اعلان خبرهای فوری را فعال نکرده است؛ خبر فوری ثبت شد',
} as const;
