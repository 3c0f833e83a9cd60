// Spec 02 §4 'Admin progress overlay': the steps shown while regenerate or fix-image runs,
// each with a fixed duration between 1.5 and 4 s. They pace the display while the server
// works; the server's own log replaces them once it answers.

export type ToolKind = 'regenerate' | 'fixImage';
export type StepStatus = 'pending' | 'running' | 'completed' | 'error';

export const TOOL_STEPS: Readonly<Record<ToolKind, ReadonlyArray<{ label: string; ms: number }>>> = {
  regenerate: [
    { label: 'اتصال به کانال', ms: 1500 },
    { label: 'استخراج محتوا', ms: 2500 },
    { label: 'پردازش رسانه', ms: 3000 },
    { label: 'بارگذاری در CDN', ms: 2500 },
    { label: 'تولید متن با هوش مصنوعی', ms: 4000 },
    { label: 'دسته‌بندی', ms: 1500 },
    { label: 'نهایی‌سازی', ms: 2000 },
  ],
  fixImage: [
    { label: 'اتصال', ms: 1500 },
    { label: 'استخراج تصاویر', ms: 2500 },
    { label: 'اعتبارسنجی', ms: 2000 },
    { label: 'افزودن واترمارک', ms: 3000 },
    { label: 'بارگذاری در CDN', ms: 2500 },
    { label: 'به‌روزرسانی مقاله', ms: 1500 },
  ],
};

export const TOOL_TEXT: Readonly<Record<ToolKind, { title: string; failed: string }>> = {
  regenerate: { title: 'بازسازی کامل مقاله', failed: '❌ خطا در بازسازی' },
  fixImage: { title: 'پردازش دوباره تصویر', failed: '❌ خطا در پردازش تصویر' },
};

/** After success: the wait before reloading (same id) or moving to the new article. */
export const AFTER_SUCCESS_MS = 2000;
export const MISSING_ID = 'شناسه مقاله موجود نیست';

/** Status of step `index` when `current` steps have started (and `done` says the server finished). */
export function stepStatus(index: number, current: number, done: boolean): StepStatus {
  if (done || index < current) return 'completed';
  return index === current ? 'running' : 'pending';
}
