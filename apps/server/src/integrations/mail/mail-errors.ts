// Nodemailer's failures read as what they mean for one message (types.ts, MailFailureKind), with
// the reason in Persian for the newsroom. A server's own reply is kept, isolated, since it names
// the cause ('550 5.1.1 User unknown') better than any paraphrase.
import { ltr } from '@chapar/shared/text';
import { isDeadline, noAnswerWithin } from '../deadline.ts';
import { MailSendError } from './types.ts';

interface NodemailerFailure {
  code?: string;
  responseCode?: number;
  command?: string;
  response?: string;
  message?: string;
}

/** Where the send had got to when it failed. */
export interface FailureContext {
  /** The whole message had been handed to the connection. */
  bodySent: boolean;
  timeoutMs: number;
}

const NETWORK_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'EABORT', 'ETLS', 'EPROXY']);

/** The server's reply as one isolated line, at most 200 characters. */
function serverSaid(failure: NodemailerFailure): string {
  const text = (failure.response ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
  return text ? ` (${ltr(text)})` : '';
}

function noAnswer(failure: NodemailerFailure, timeoutMs: number, error: unknown): string {
  if (isDeadline(error) || failure.code === 'ETIMEDOUT' || failure.code === 'EABORT') return `سرور ایمیل ${noAnswerWithin(timeoutMs)}`;
  if (failure.code === 'ETLS') return 'اتصال امن (TLS) با سرور ایمیل برقرار نشد';
  if (failure.code === 'EDNS') return 'نشانی سرور ایمیل پیدا نشد';
  return 'اتصال به سرور ایمیل برقرار نشد یا در میانه قطع شد';
}

export function toMailSendError(error: unknown, context: FailureContext): MailSendError {
  if (error instanceof MailSendError) return error;
  const failure = (error ?? {}) as NodemailerFailure;
  const code = failure.responseCode;
  const command = (failure.command ?? '').toUpperCase();

  if (code && code >= 500) {
    if (command.startsWith('RCPT')) return new MailSendError('refused', `سرور ایمیل این نشانی را نپذیرفت${serverSaid(failure)}`, code);
    if (command === 'DATA' && context.bodySent) return new MailSendError('rejected', `سرور ایمیل این نامه را نپذیرفت${serverSaid(failure)}`, code);
    if (failure.code === 'EAUTH') return new MailSendError('unavailable', `سرور ایمیل نام کاربری یا گذرواژه SMTP_URL را نپذیرفت${serverSaid(failure)}`, code);
    if (command.startsWith('MAIL')) return new MailSendError('unavailable', `سرور ایمیل فرستنده (MAIL_FROM) را نپذیرفت${serverSaid(failure)}`, code);
    return new MailSendError('unavailable', `سرور ایمیل درخواست را نپذیرفت${serverSaid(failure)}`, code);
  }
  if (code && code >= 400) {
    // A temporary refusal: the server said it did not take the message, so it can be sent again.
    return new MailSendError('unavailable', `سرور ایمیل فعلاً نپذیرفت${serverSaid(failure)}`, code);
  }
  const network = isDeadline(error) || NETWORK_CODES.has(failure.code ?? '');
  if (network && context.bodySent) {
    return new MailSendError('unknown', 'سرور ایمیل پس از دریافت متن نامه پاسخی نداد؛ معلوم نیست نامه را پذیرفت یا نه، پس برای آن‌که دوبار نرسد دوباره فرستاده نمی‌شود');
  }
  if (network) return new MailSendError('unavailable', noAnswer(failure, context.timeoutMs, error));
  if (failure.code === 'EAUTH') return new MailSendError('unavailable', 'ورود به سرور ایمیل با نام کاربری و گذرواژه SMTP_URL ناموفق بود');
  if (failure.code === 'EENVELOPE') return new MailSendError('refused', 'نشانی گیرنده پذیرفتنی نیست');
  return new MailSendError('rejected', 'ساختن یا فرستادن نامه ناموفق بود');
}
