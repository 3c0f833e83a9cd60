// Addresses of the admin area (spec 03 §2.1) and the dashboard's tabs (§2.3), in the spec's order.
import { ADMIN_TAB_IDS, type AdminTabId } from '@chapar/shared/contracts';

export const TAB_IDS = ADMIN_TAB_IDS;
export type TabId = AdminTabId;

export const TAB_LABELS: Record<TabId, string> = {
  articles: 'مقالات',
  'system-monitor': 'پایش سیستم',
  generate: 'تولید محتوا',
  channels: 'کانال‌ها',
  duplicate: 'بررسی تکراری',
  scanner: 'اسکن کامل',
  watermark: 'واترمارک',
  'auto-monitor': 'پایش خودکار',
  newsletter: 'خبرنامه',
  comments: 'نظرات',
  ignored: 'پست‌های نادیده',
  'telegram-auth': 'احراز تلگرام',
};

export function isTabId(value: string | null): value is TabId {
  return value !== null && (TAB_IDS as readonly string[]).includes(value);
}

export const adminPaths = {
  dashboard: (tab?: TabId) => (tab && tab !== 'articles' ? `/admin?tab=${tab}` : '/admin'),
  login: (next?: string) => (next ? `/admin/login?next=${encodeURIComponent(next)}` : '/admin/login'),
  ignored: () => '/admin/ignored',
  newsletter: () => '/admin/newsletter',
  sync: () => '/admin/sync',
  telegramAuth: () => '/admin/telegram-auth',
  blocklist: () => '/admin/blocklist',
  deletedArticles: () => '/admin/deleted-articles',
  contentVerification: () => '/admin/content-verification',
  users: () => '/admin/users',
  audit: () => '/admin/audit',
  account: () => '/admin/account',
  invite: () => '/admin/invite',
};

/** Where to go after login: only addresses inside the admin area, never another site. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/admin') || next.startsWith('//') || next.startsWith('/admin/login')) return '/admin';
  return next;
}
