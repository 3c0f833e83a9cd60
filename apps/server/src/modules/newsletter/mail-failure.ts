// What the newsletter does with a failed message: record why, and whether the job's next attempt
// sends it again (only when the server certainly did not take it).
import { MailSendError } from '../../integrations/mail/index.ts';

export interface FailureRecord {
  reason: string;
  /** The next attempt sends it again. */
  retry: boolean;
  /** The recipient's server refused the address for good. */
  bounced: boolean;
  /** The mail service itself failed: the next messages would fail the same way. */
  serviceDown: boolean;
}

/** A run that took a message and never came back: it may have gone, so it is not sent again. */
export const STALE_CLAIM_REASON = 'ارسال در میانه کار متوقف شد (کارگر از کار افتاد)؛ معلوم نیست نامه رسید یا نه، پس برای آن‌که دوبار نرسد دوباره فرستاده نمی‌شود';
/** Said after the reason of a send the next attempt makes again. */
export const WILL_RETRY = ' — دوباره تلاش می‌شود';

export function failureRecord(error: unknown, canRetry: boolean): FailureRecord {
  const e = error instanceof MailSendError ? error : new MailSendError('unavailable', 'ارسال نامه ناموفق بود');
  const retry = e.retryable && canRetry;
  return { reason: `${e.message}${retry ? WILL_RETRY : ''}`, retry, bounced: e.kind === 'refused', serviceDown: e.serviceDown };
}
