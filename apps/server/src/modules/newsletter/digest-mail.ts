// The digest as mail: the top articles with their category, date, excerpt and a link, the first
// with its picture; an HTML part in tables with inline styles (mail-layout.ts) and a plain-text
// part; every link absolute (PUBLIC_BASE_URL), and the unsubscribe link at the foot of both.
import { articlePath, categoryFaName, formatJalaliDate, shortPath, toPersianDigits } from '@chapar/shared/text';
import type { DigestArticle } from './digest-articles.ts';
import { escapeHtml } from '@chapar/shared/html';
import { cellStyle, MAIL_COLORS, MAIL_FONT, mailShell } from './mail-layout.ts';

export interface DigestMailInput {
  siteName: string;
  /** PUBLIC_BASE_URL, without a trailing slash. */
  baseUrl: string;
  articles: DigestArticle[];
  /** This recipient's unsubscribe page. */
  unsubscribeUrl: string;
  now: Date;
}

export function digestSubject(siteName: string, now: Date): string {
  return `خبرنامه ${siteName} — ${formatJalaliDate(now)}`;
}

const absolute = (pathOrUrl: string, base: string) => new URL(pathOrUrl, `${base}/`).href;
const EXCERPT_MAX = 220;

function shortExcerpt(text: string | null): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  return clean.length > EXCERPT_MAX ? `${clean.slice(0, EXCERPT_MAX).replace(/\s+\S*$/, '')}…` : clean;
}

/** 'ورزش، ۱۳ آذر ۱۴۰۵': a Persian comma, since a middle dot beside Persian digits reads as a zero (۰). */
function metaLine(a: DigestArticle): string {
  return [categoryFaName(a.category), a.publishedAt ? formatJalaliDate(a.publishedAt) : ''].filter(Boolean).join('، ');
}

function articleRow(a: DigestArticle, index: number, base: string): string {
  const { accent, muted, border } = MAIL_COLORS;
  const link = escapeHtml(absolute(articlePath(a), base));
  const image = index === 0 && a.imageUrl
    ? `<a href="${link}"><img src="${escapeHtml(absolute(a.imageUrl, base))}" width="552" alt="${escapeHtml(a.imageAltText || a.title)}" style="display:block;width:100%;max-width:552px;height:auto;border:0;border-radius:8px;margin:0 0 12px;"></a>`
    : '';
  const excerpt = shortExcerpt(a.excerpt);
  return `<tr><td dir="rtl" align="right" style="${cellStyle(`padding:16px 24px;border-bottom:1px solid ${border};`)}">
${image}<div style="font-family:${MAIL_FONT};font-size:12px;line-height:1.8;color:${accent};font-weight:700;">${escapeHtml(metaLine(a))}</div>
<a href="${link}" style="font-family:${MAIL_FONT};font-size:${index === 0 ? 20 : 17}px;line-height:1.7;font-weight:700;color:${MAIL_COLORS.text};text-decoration:none;">${escapeHtml(a.title)}</a>
${excerpt ? `<p style="margin:6px 0 0;font-family:${MAIL_FONT};font-size:14px;line-height:1.9;color:${muted};">${escapeHtml(excerpt)}</p>` : ''}
<p style="margin:8px 0 0;font-family:${MAIL_FONT};font-size:14px;"><a href="${link}" style="color:${accent};text-decoration:none;font-weight:700;">ادامه خبر ←</a></p>
</td></tr>`;
}

export function digestMail(input: DigestMailInput): { subject: string; html: string; text: string } {
  const { siteName, baseUrl, articles, unsubscribeUrl, now } = input;
  const subject = digestSubject(siteName, now);
  const intro = `${toPersianDigits(articles.length)} خبر پربازدید این روزها در ${siteName}`;
  const why = `این نامه را گرفته‌اید چون در خبرنامه ${siteName} عضو شده‌اید و عضویت را تأیید کرده‌اید.`;
  const { muted, border, accent } = MAIL_COLORS;
  const rows = `<tr><td dir="rtl" align="right" style="${cellStyle('padding:16px 24px 4px;font-size:15px;line-height:1.9;')}">${escapeHtml(intro)}</td></tr>
${articles.map((a, i) => articleRow(a, i, baseUrl)).join('\n')}`;
  const footer = `<tr><td dir="rtl" align="right" style="${cellStyle(`padding:16px 24px 20px;font-size:12px;line-height:1.9;color:${muted};border-top:1px solid ${border};`)}">
${escapeHtml(why)}<br>
<a href="${escapeHtml(unsubscribeUrl)}" style="color:${accent};">لغو عضویت در خبرنامه</a> · <a href="${escapeHtml(`${baseUrl}/`)}" style="color:${accent};">${escapeHtml(siteName)}</a>
</td></tr>`;
  const html = mailShell({ title: subject, preheader: articles[0]?.title ?? intro, siteName, siteUrl: `${baseUrl}/`, dateLine: formatJalaliDate(now), rows, footer });

  const text = [
    subject,
    intro,
    '',
    ...articles.flatMap((a, i) => [
      `${toPersianDigits(i + 1)}. ${a.title}`,
      ...(metaLine(a) ? [`   ${metaLine(a)}`] : []),
      ...(shortExcerpt(a.excerpt) ? [`   ${shortExcerpt(a.excerpt)}`] : []),
      // The short link (/s/{id}): a Persian title's address is hundreds of escaped characters in plain text.
      `   ${absolute(shortPath(a.id), baseUrl)}`,
      '',
    ]),
    '—',
    why,
    `لغو عضویت: ${unsubscribeUrl}`,
    `${baseUrl}/`,
  ].join('\n');
  return { subject, html, text };
}
