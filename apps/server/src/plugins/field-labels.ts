/**
 * Persian names of the request fields people fill in, for the generic validation answer
 * (error-handler.ts): «عنوان: کمتر از حد مجاز است» rather than the field's path in English.
 * A field missing here is named by its path, isolated from the Persian text.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  title: 'عنوان', excerpt: 'خلاصه', content: 'متن', body: 'متن', category: 'دسته‌بندی', keywords: 'کلیدواژه‌ها',
  keyword: 'کلمه کلیدی', imageUrl: 'نشانی تصویر', videoUrl: 'نشانی ویدیو', imageAltText: 'متن جایگزین تصویر',
  videoAltText: 'متن جایگزین ویدیو', metaDescription: 'توضیح متا', status: 'وضعیت', featured: 'ویژه',
  expectedUpdatedAt: 'زمان آخرین ویرایش',
  page: 'صفحه', limit: 'تعداد', offset: 'جابه‌جایی', q: 'عبارت جستجو', search: 'عبارت جستجو', sort: 'ترتیب',
  sortBy: 'ترتیب', from: 'از تاریخ', to: 'تا تاریخ', before: 'پیش از', after: 'پس از',
  email: 'ایمیل', name: 'نام', authorName: 'نام', authorEmail: 'ایمیل', website: 'وب‌سایت', rating: 'امتیاز',
  username: 'نام کاربری', password: 'رمز عبور', currentPassword: 'رمز فعلی', role: 'نقش', reason: 'دلیل',
  url: 'نشانی', slug: 'نامک', description: 'توضیح', nameEn: 'نام انگلیسی', sortOrder: 'ترتیب نمایش',
  isActive: 'فعال بودن', telegramUrl: 'نشانی کانال', code: 'کد', phone: 'شماره تلفن', phoneNumber: 'شماره تلفن',
  id: 'شناسه', articleId: 'شناسه خبر', articleIds: 'شناسه خبرها', parentId: 'شناسه دیدگاه والد',
  timeZone: 'منطقه زمانی', weekday: 'روز هفته', time: 'ساعت', enabled: 'فعال بودن', intervalMinutes: 'فاصله (دقیقه)',
  windowMinutes: 'بازه (دقیقه)', captchaAnswer: 'پاسخ پرسش امنیتی', subject: 'موضوع',
  // Fields of the admin tools and the reader's page that people do not type but a client sends.
  challenge: 'مرحلهٔ ورود', date: 'تاریخ', captchaToken: 'پرسش امنیتی', action: 'عملیات', commentIds: 'شناسه دیدگاه‌ها',
  sessionId: 'شناسه نشست', event: 'رویداد', value: 'مقدار', userAgent: 'مرورگر', refresh: 'تازه‌سازی', field: 'فیلد',
  verbose: 'گزارش کامل', overwriteEdits: 'بازنویسی ویرایش‌ها', telegramId: 'شناسه پست تلگرام', source: 'کانال',
  shouldProcess: 'پردازش', adminName: 'نام مدیر', cleaningRules: 'قواعد پاک‌سازی', signatures: 'امضاها',
  adMarkers: 'نشانه‌های تبلیغ', joinPatterns: 'الگوهای دعوت به عضویت', stripLinks: 'حذف پیوندها',
  hashtagsAsKeywords: 'هشتگ‌ها به‌جای کلمات کلیدی', link: 'پیوند', messageId: 'شناسه پیام', channelName: 'نام کانال',
  contentVerification: 'بررسی محتوا', extractImages: 'برداشتن تصاویر', useAI: 'بازنویسی با هوش مصنوعی',
  skipExisting: 'رد کردن پست‌های موجود', postId: 'شناسه پست', startId: 'شناسه آغاز', endId: 'شناسه پایان',
  options: 'گزینه‌ها', postUrl: 'نشانی پست', versionId: 'شناسه نسخه', latest: 'تعداد تازه‌ترین خبرها', force: 'ساختن دوباره',
  text: 'متن', originalId: 'شناسه مقالهٔ اصلی', acknowledgeBreaker: 'تأیید هشدار', invite: 'دعوت‌نامه',
  disabled: 'غیرفعال بودن', token: 'کد پیوند', newPassword: 'رمز تازه', userId: 'شناسه کاربر',
  requireOwnerTwoFactor: 'ورود دومرحله‌ای مالک', actor: 'انجام‌دهنده', targetType: 'نوع هدف', targetId: 'شناسه هدف',
  endpoint: 'نشانی اشتراک', expirationTime: 'زمان پایان اشتراک', keys: 'کلیدهای اشتراک', p256dh: 'کلید رمزنگاری اشتراک',
  auth: 'کلید احراز اشتراک',
};

/** Where a request's parts are, when the whole part is wrong. */
export const PART_LABELS: Readonly<Record<string, string>> = {
  body: 'بدنه درخواست', querystring: 'پارامترهای نشانی', params: 'نشانی', headers: 'سرآیندهای درخواست',
};
