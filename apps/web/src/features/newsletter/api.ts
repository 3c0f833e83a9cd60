import { useMutation } from '../../lib/query-hooks.ts';
import { apiRequest } from '../../lib/api-client.ts';

export interface SubscribeBody {
  email: string;
  name?: string;
}

export interface SubscribeResult {
  success: boolean;
  message?: string;
  error?: string;
}

export const newsletterTexts = {
  invalidTitle: 'ایمیل نامعتبر',
  invalidBody: 'لطفاً یک آدرس ایمیل معتبر وارد کنید',
  failedTitle: 'خطا در عضویت',
  failedBody: 'لطفاً دوباره تلاش کنید',
  successTitle: 'عضویت موفق',
  successBody: 'از عضویت شما در خبرنامه سپاسگزاریم',
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
