// The mail integration's public surface, and the choice: SMTP when SMTP_URL and MAIL_FROM are
// both set, no mailer otherwise (the site runs without mail; the admin pages say what to set).
import { createSmtpMailer } from './smtp-mailer.ts';
import type { Mailer, MailSettings } from './types.ts';

export type { MailFailureKind, MailReceipt, Mailer, MailSettings, OutgoingMail } from './types.ts';
export { MailSendError, missingMailSettings } from './types.ts';
export { smtpServerLabel } from './smtp-mailer.ts';

export function createMailer(settings: MailSettings): Mailer | null {
  const { url, from } = settings;
  if (!url || !from) return null;
  return createSmtpMailer({ ...settings, url, from });
}
