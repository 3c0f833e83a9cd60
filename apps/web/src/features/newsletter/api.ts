import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export interface SubscribeBody {
  email: string;
  name?: string;
}

export interface SubscribeResult {
  success: boolean;
  message?: string;
  error?: string;
  /** The subscription waits for the confirmation link mailed to the address. */
  pending?: boolean;
}

export const newsletterTexts = {
  invalidTitle: 'ایمیل نامعتبر',
  invalidBody: 'لطفاً یک آدرس ایمیل معتبر وارد کنید',
  failedTitle: 'خطا در عضویت',
  failedBody: 'لطفاً دوباره تلاش کنید',
  successTitle: 'عضویت موفق',
  successBody: 'از عضویت شما در خبرنامه سپاسگزاریم',
  pendingTitle: 'ایمیل خود را ببینید',
  pendingNote: 'عضویت با باز کردن پیوند ایمیل تأیید کامل می‌شود. اگر ایمیل را نمی‌بینید، پوشه هرزنامه را هم نگاه کنید.',
  footerSuccess: 'عضو شدید',
} as const;

/** Spec 01 §5: non-empty and contains an at-sign. */
export function isValidNewsletterEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed !== '' && trimmed.includes('@');
}

export function useSubscribe() {
  return useMutation({
    mutationFn: (body: SubscribeBody) => apiRequest<SubscribeResult>('POST', '/api/newsletter/subscribe', { body }),
  });
}
