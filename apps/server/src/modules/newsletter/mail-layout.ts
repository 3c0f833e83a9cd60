// The newsletter's mail as the common mail clients render it (Gmail, Outlook, Apple Mail): layout
// in tables, every style inline, right to left (dir and align on each block, since some clients
// drop the <html> attributes), Vazirmatn where the reader has it, Tahoma and Arial otherwise.

import { escapeHtml } from '@chapar/shared/html';

export const MAIL_FONT = 'Vazirmatn, Tahoma, Arial, sans-serif';
export const MAIL_COLORS = { accent: '#c8102e', text: '#16161a', muted: '#5d5f66', ground: '#f5f5f6', card: '#ffffff', border: '#e4e4e7' } as const;

/** A style attribute's text; every block carries the font, since clients reset it per table cell. */
export const cellStyle = (extra = '') => `font-family:${MAIL_FONT};direction:rtl;text-align:right;color:${MAIL_COLORS.text};${extra}`;

export interface MailShell {
  title: string;
  /** The line mail clients show beside the subject. */
  preheader: string;
  siteName: string;
  siteUrl: string;
  /** A line under the site's name (the date). */
  dateLine: string;
  /** Table rows (<tr>…</tr>) of the body, already escaped. */
  rows: string;
  /** Table rows of the footer, already escaped. */
  footer: string;
}

export function mailShell(shell: MailShell): string {
  const { accent, muted, ground, card } = MAIL_COLORS;
  return `<!doctype html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light only">
<title>${escapeHtml(shell.title)}</title>
</head>
<body dir="rtl" style="margin:0;padding:0;background-color:${ground};">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(shell.preheader)}</div>
<table role="presentation" dir="rtl" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${ground};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" dir="rtl" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:${card};border-radius:12px;border-collapse:separate;">
<tr><td dir="rtl" align="right" style="${cellStyle(`padding:20px 24px 14px;border-bottom:3px solid ${accent};`)}">
<a href="${escapeHtml(shell.siteUrl)}" style="font-family:${MAIL_FONT};color:${accent};font-size:26px;font-weight:700;line-height:1.4;text-decoration:none;">${escapeHtml(shell.siteName)}</a>
<div style="font-family:${MAIL_FONT};color:${muted};font-size:13px;line-height:1.8;">${escapeHtml(shell.dateLine)}</div>
</td></tr>
${shell.rows}
${shell.footer}
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** A button that survives Outlook: a link styled as a block inside a table cell. */
export function mailButton(href: string, label: string): string {
  const { accent } = MAIL_COLORS;
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" align="right" style="margin:8px 0;"><tr>
<td align="center" bgcolor="${accent}" style="border-radius:8px;background-color:${accent};">
<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 28px;font-family:${MAIL_FONT};font-size:16px;font-weight:700;line-height:1.5;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(label)}</a>
</td></tr></table>`;
}
