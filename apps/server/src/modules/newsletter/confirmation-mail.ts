// The double opt-in mail: one link that confirms the signup. It goes to whoever typed the address,
// so it says what to do if it was not them (nothing: no mail follows without the link).
import { formatJalaliDate } from '@chapar/shared/text';
import { escapeHtml } from '@chapar/shared/html';
import { cellStyle, MAIL_COLORS, mailButton, mailShell } from './mail-layout.ts';

export interface ConfirmationMailInput {
  siteName: string;
  siteUrl: string;
  confirmUrl: string;
  name?: string | null;
  now?: Date;
}

export function confirmationMail(input: ConfirmationMailInput): { subject: string; html: string; text: string } {
  const { siteName, siteUrl, confirmUrl } = input;
  const subject = `تأیید عضویت در خبرنامه ${siteName}`;
  const greeting = input.name ? `${input.name} عزیز، سلام` : 'سلام';
  const asked = `برای عضویت در خبرنامه ${siteName} درخواستی با این نشانی ایمیل ثبت شد.`;
  const until = 'تا وقتی تأیید نکنید، خبرنامه‌ای برایتان فرستاده نمی‌شود.';
  // The HTML part has a button; the plain-text part, read where no HTML shows, has the link.
  const lead = `${asked} برای تأیید عضویت، دکمه زیر را بزنید. ${until}`;
  const textLead = `${asked} برای تأیید عضویت، پیوند زیر را باز کنید. ${until}`;
  const ignore = 'اگر شما این درخواست را نداده‌اید، کافی است این نامه را نادیده بگیرید؛ نشانی شما به فهرست افزوده نمی‌شود. این پیوند تا هفت روز معتبر است.';
  const rows = `<tr><td dir="rtl" align="right" style="${cellStyle('padding:24px;font-size:16px;line-height:2;')}">
<p style="margin:0 0 12px;">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px;">${escapeHtml(lead)}</p>
${mailButton(confirmUrl, 'تأیید عضویت')}
<div style="clear:both;"></div>
<p style="margin:16px 0 0;font-size:13px;color:${MAIL_COLORS.muted};">اگر دکمه کار نکرد، این نشانی را در مرورگر باز کنید:<br><a dir="ltr" href="${escapeHtml(confirmUrl)}" style="color:${MAIL_COLORS.accent};word-break:break-all;">${escapeHtml(confirmUrl)}</a></p>
</td></tr>`;
  const footer = `<tr><td dir="rtl" align="right" style="${cellStyle(`padding:16px 24px;font-size:12px;line-height:1.9;color:${MAIL_COLORS.muted};border-top:1px solid ${MAIL_COLORS.border};`)}">${escapeHtml(ignore)}</td></tr>`;
  const html = mailShell({ title: subject, preheader: 'برای تکمیل عضویت، پیوند تأیید را باز کنید', siteName, siteUrl, dateLine: formatJalaliDate(input.now ?? new Date()), rows, footer });
  const text = [
    greeting,
    '',
    textLead,
    '',
    `تأیید عضویت: ${confirmUrl}`,
    '',
    ignore,
    '',
    `— ${siteName}`,
    siteUrl,
  ].join('\n');
  return { subject, html, text };
}
