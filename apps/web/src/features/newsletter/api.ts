import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { NEWSLETTER_FLOODED, newsletterOutcomeOf, type NewsletterForm, type NewsletterOutcome } from '@chapar/shared/text';
import { apiRequest, isApiError } from '../../lib/api-client.ts';

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
  /** The confirmation mail is on its way (false: the site sends no mail yet). */
  confirmationMailed?: boolean;
}

/** A pending signup's heading: look for the mail only when one was sent. */
export const pendingTitleOf = (result: SubscribeResult) => (result.confirmationMailed === false ? newsletterTexts.recordedTitle : newsletterTexts.pendingTitle);

export const newsletterTexts = {
  invalidTitle: 'ایمیل نامعتبر',
  invalidBody: 'لطفاً یک آدرس ایمیل معتبر وارد کنید',
  failedTitle: 'خطا در عضویت',
  failedBody: 'لطفاً دوباره تلاش کنید',
  successTitle: 'عضویت موفق',
  successBody: 'از عضویت شما در خبرنامه سپاسگزاریم',
  pendingTitle: 'ایمیل خود را ببینید',
  /** The site sends no mail yet: the signup is kept, and nobody is told to look for a mail. */
  recordedTitle: 'درخواست عضویت ثبت شد',
  recordedNote: 'ایمیل تأیید، پس از راه‌اندازی ارسال ایمیل در سایت، به این نشانی فرستاده می‌شود و عضویت با باز کردن پیوند آن کامل می‌شود.',
  pendingNote: 'عضویت با باز کردن پیوند ایمیل تأیید کامل می‌شود. اگر ایمیل را نمی‌بینید، پوشه هرزنامه را هم نگاه کنید.',
  footerSuccess: 'عضو شدید',
  /** The server's answer to a flood of signups, for the form without JavaScript. */
  busyBody: NEWSLETTER_FLOODED,
} as const;

/**
 * What a form shows when its page comes back from POST /newsletter/subscribe (the form without
 * JavaScript) with an outcome: the texts the script's toasts show for the same outcomes. The
 * address is not named: the page's address carries no reader's data.
 */
export const newsletterOutcomeTexts: Record<NewsletterOutcome, { title: string; body: string; error: boolean }> = {
  sent: { title: newsletterTexts.pendingTitle, body: newsletterTexts.pendingNote, error: false },
  recorded: { title: newsletterTexts.recordedTitle, body: newsletterTexts.recordedNote, error: false },
  invalid: { title: newsletterTexts.invalidTitle, body: newsletterTexts.invalidBody, error: true },
  busy: { title: newsletterTexts.failedTitle, body: newsletterTexts.busyBody, error: true },
  failed: { title: newsletterTexts.failedTitle, body: newsletterTexts.failedBody, error: true },
};

/** The outcome the page's address carries for `form` (only the fixed markers count), null otherwise. */
export function useNewsletterOutcome(form: NewsletterForm): NewsletterOutcome | null {
  const { search } = useLocation();
  return newsletterOutcomeOf(search, form);
}

/** Spec 01 §5: non-empty and contains an at-sign. */
export function isValidNewsletterEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed !== '' && trimmed.includes('@');
}

/** What a failed signup says: the server's reason (too many signups, a refused address), else «try again». */
export function subscribeErrorText(error: unknown): string {
  if (isApiError(error) && error.serverMessage) return error.serverMessage;
  return newsletterTexts.failedBody;
}

export function useSubscribe() {
  return useMutation({
    mutationFn: (body: SubscribeBody) => apiRequest<SubscribeResult>('POST', '/api/newsletter/subscribe', { body }),
  });
}
