// Sending an invitation by e-mail, through the site's mail service when SMTP_URL and MAIL_FROM
// are set; without one, an invitation is a one-time link the owner passes on, and nothing
// pretends an e-mail went out.
import { ROLE_LABELS } from '@chapar/shared/contracts';
import { formatJalaliDate, formatJalaliDateTime, ltr } from '@chapar/shared/text';
import type { Mailer } from '../../integrations/mail/index.ts';
import { escapeHtml } from '@chapar/shared/html';
import { cellStyle, MAIL_COLORS, mailButton, mailShell } from '../newsletter/mail-layout.ts';
export interface InvitationMail {
  to: string;
  /** The invited person's name or username, for the greeting. */
  name: string;
  username: string;
  /** Who invited them (a username). */
  invitedBy: string;
  role: string;
  url: string;
  expiresAt: Date;
}

export interface InvitationMailer {
  /** Sends the invitation; throws when the mail could not be handed to the mail server. */
  sendInvitation(mail: InvitationMail): Promise<void>;
}

/** Invitations by e-mail through the site's mail service (SMTP_URL and MAIL_FROM). */
export function mailInvitations(mailer: Mailer, site: { siteName: string; siteUrl: string }): InvitationMailer {
  return {
    async sendInvitation(mail) {
      const role = (ROLE_LABELS as Record<string, string>)[mail.role] ?? mail.role;
      const subject = `دعوت به پنل مدیریت ${site.siteName}`;
      const lead = `${ltr(mail.invitedBy)} شما را با نقش «${role}» به پنل مدیریت ${site.siteName} دعوت کرده است. نام کاربری شما ${ltr(mail.username)} است؛ برای گزیدن رمز عبور، پیوند زیر را باز کنید.`;
      const expiry = `این پیوند یک‌بار مصرف است و تا ${formatJalaliDateTime(mail.expiresAt)} معتبر است. اگر انتظار این دعوت را نداشتید، این نامه را نادیده بگیرید.`;
      const rows = `<tr><td dir="rtl" align="right" style="${cellStyle('padding:24px;font-size:16px;line-height:2;')}">
<p style="margin:0 0 12px;">${escapeHtml(`${mail.name} عزیز، سلام`)}</p>
<p style="margin:0 0 16px;">${escapeHtml(lead)}</p>
${mailButton(mail.url, 'پذیرفتن دعوت')}
<div style="clear:both;"></div>
<p style="margin:16px 0 0;font-size:13px;color:${MAIL_COLORS.muted};">${escapeHtml(expiry)}</p>
</td></tr>`;
      const html = mailShell({ title: subject, preheader: 'برای پذیرفتن دعوت، رمز عبور خود را بگزینید', siteName: site.siteName, siteUrl: site.siteUrl, dateLine: formatJalaliDate(new Date()), rows, footer: '' });
      const text = [`${mail.name} عزیز، سلام`, '', lead, '', `پذیرفتن دعوت: ${mail.url}`, '', expiry, '', `— ${site.siteName}`].join('\n');
      await mailer.send({ to: mail.to, subject, text, html });
    },
  };
}
