// Persian names of the admin's jobs (spec 03 §7): the buttons, the operations monitor and the
// server's plans and messages all name a job from here.
export const JOB_LABELS: Record<string, string> = {
  'process-from-link': 'پردازش پست از لینک',
  'process-post': 'پردازش تک پست',
  'process-posts-range': 'پردازش بازه پست‌ها',
  'sync-telegram-post': 'همگام‌سازی تک پست',
  'add-latest-5-enhanced-posts': 'افزودن ۵ خبر آخر (کامل)',
  'add-20-recent-posts': 'افزودن ۲۰ خبر اخیر',
  'add-5-latest-simple': 'افزودن ۵ خبر آخر (ساده)',
  'add-2-simple-posts': 'افزودن ۲ خبر ساده',
  'sync-last-posts': 'همگام‌سازی آخرین پست‌ها',
  'check-articles': 'بررسی مقالات با منبع',
  'complete-telegraph-processing': 'پردازش کامل مقاله‌های تلگراف',
  'fix-all-missing-images': 'ترمیم همه تصاویر گمشده',
  'migrate-videos': 'انتقال ویدیوها به فضای ذخیره‌سازی سایت',
  'fix-video-duplicates': 'حذف ویدیوهای تکراری',
  'auto-embed-videos': 'جاسازی خودکار ویدیوها',
  'fix-all-videos': 'اصلاح همه ویدیوها',
  'auto-fix-content-issues': 'رفع خودکار مشکلات محتوا',
  'rewrite-recent': 'بازنویسی مقاله‌های اخیر',
  'comprehensive-content-cleaning': 'پاک‌سازی جامع محتوا',
  'fix-excerpts': 'اصلاح خلاصه‌ها',
  'sync-images': 'همگام‌سازی تصاویر',
  'fix-article-dates': 'اصلاح تاریخ مقاله‌ها',
  'sync-all-channels': 'همگام‌سازی همه کانال‌ها',
  'watermark-test': 'آزمون سامانه واترمارک',
  'apply-watermarks': 'اعمال واترمارک روی همه',
  'verify-all-watermarks': 'تأیید واترمارک همه',
  'fix-all-video-urls': 'اصلاح نشانی همه ویدیوها',
  'watermark-article': 'واترمارک یک مقاله',
  'verify-watermark': 'تأیید واترمارک یک مقاله',
  'fix-video-url': 'اصلاح نشانی ویدیوی یک مقاله',
  'fix-article': 'اصلاح یک مقاله',
  'fix-all-articles': 'اصلاح کامل همه مقاله‌ها',
  'comprehensive-media-sync': 'همگام‌سازی جامع رسانه (قدیمی)',
  'smart-media-match': 'تطبیق هوشمند رسانه',
  'fix-all-media-matching': 'اصلاح تطبیق همه رسانه‌ها',
  'precise-telegram-sync': 'همگام‌سازی دقیق تصاویر',
  'regenerate-article': 'بازسازی کامل مقاله',
  'fix-article-image': 'پردازش دوباره تصویر',
  'check-channels': 'بررسی کانال‌ها',
  'force-check': 'بررسی فوری کانال‌ها',
  'process-ignored': 'پردازش پست نادیده‌گرفته',
  'scan-duplicates': 'اسکن کامل تکراری‌ها',
  'make-podcast': 'ساخت پادکست',
  'make-podcasts': 'ساخت پادکست‌ها',
  'source-deletions': 'پست‌های حذف‌شده در کانال',
  'source-edits': 'پست‌های ویرایش‌شده در کانال',
  'bulk-publish': 'انتشار گروهی مقاله‌ها',
  'bulk-unpublish': 'لغو انتشار گروهی مقاله‌ها',
  'verify-articles': 'تأیید محتوا و بازنویسی',
  'newsletter-send-now': 'ارسال فوری خبرنامه',
};

export function jobLabel(name: string): string {
  if (JOB_LABELS[name]) return JOB_LABELS[name];
  if (/^clean-all-.+-articles$/.test(name)) return 'پاک‌سازی همه مقاله‌های منبع دوم';
  if (/^clean-.+-article$/.test(name)) return 'پاک‌سازی یک مقاله منبع دوم';
  return 'عملیات';
}

/** Where posts are read from (modules/ingest/source-provider.ts), as the screens name it. */
export const SOURCE_KIND_LABELS: Record<string, string> = {
  'web-preview': 'صفحهٔ عمومی کانال در تلگرام',
  mtproto: 'حساب تلگرام سایت',
  bundled: 'صفحه‌های نمونهٔ همراه سایت',
};

export function sourceKindLabel(kind: string): string {
  return SOURCE_KIND_LABELS[kind] ?? 'منبع دیگر';
}
