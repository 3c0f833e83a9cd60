// An article as text to be read aloud: the title, then the body, without markup, links,
// handles, hashtags' marks, emoji or channel signatures; numbers, dates (Jalali and
// Gregorian), percentages, times and currency amounts written out as Persian words, so a
// speech engine says what a reader would.
import { toAsciiDigits } from './digits.ts';
import { stripHtml } from './normalize.ts';
import { decimalToWordsFa, digitsToWordsFa, integerToWordsFa, ordinalToWordsFa } from './number-words.ts';

export const JALALI_MONTHS = ['فروردین', 'اردیبهشت', 'خرداد', 'تیر', 'مرداد', 'شهریور', 'مهر', 'آبان', 'آذر', 'دی', 'بهمن', 'اسفند'];
export const GREGORIAN_MONTHS = ['ژانویه', 'فوریه', 'مارس', 'آوریل', 'مه', 'ژوئن', 'ژوئیه', 'اوت', 'سپتامبر', 'اکتبر', 'نوامبر', 'دسامبر'];
// Other spellings seen in news text, read as they are written.
const MONTH_WORDS = [...JALALI_MONTHS, ...GREGORIAN_MONTHS, 'ژانویهٔ', 'ژوییه', 'ژولای', 'آگوست', 'اگوست', 'می', 'جولای', 'فبریه'];

const URL_RE = /\b(?:https?:\/\/|www\.)\S+|\b(?:t|telegram)\.me\/\S+|\b[\w.+-]+@[\w-]+\.[\w.]+\b/gi;
const HANDLE_RE = /(^|[^\w])@[A-Za-z][A-Za-z0-9_]{2,}/g;
const EMOJI_RE = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\u{FE0F}|\u{200D}(?=\p{Extended_Pictographic})|\u{20E3}/gu;
// A line that only points at a channel: "🆔 @channel", "کانال ما را دنبال کنید", "Join".
const SIGNATURE_LINE_RE = /^(?:.{0,40}@[A-Za-z][\w]{2,}.{0,20}|.{0,60}(?:عضو شوید|عضویت در کانال|کانال .{0,30}(?:را )?دنبال کنید|به ما بپیوندید|join\b|subscribe\b).{0,40})$/i;

const NUM = String.raw`\d{1,3}(?:,\d{3})+|\d+`;
const DECIMAL = String.raw`(?:${NUM})(?:[.٫/]\d+)?`;

/** A number as it appears in text (ASCII digits, maybe ',' separators and a decimal mark) → words. */
function numberWords(raw: string): string {
  const text = raw.replace(/,/g, '');
  if (/^0\d+$/.test(text)) return digitsToWordsFa(text);
  return /[.٫/]/.test(text) ? decimalToWordsFa(text) : integerToWordsFa(text);
}

function dateWords(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const months = year < 1700 ? JALALI_MONTHS : GREGORIAN_MONTHS;
  return `${ordinalToWordsFa(day)} ${months[month - 1]} ${integerToWordsFa(year)}`;
}

/** Numbers and what goes with them, in one line of plain text, as words. */
export function speakNumbersFa(input: string): string {
  let text = toAsciiDigits(input).replace(/٬/g, ',').replace(/٪/g, '%');
  // Dates: 1403/07/15, 2024-10-06, 15/07/1403.
  text = text.replace(/\b(\d{4})[/\-.](\d{1,2})[/\-.](\d{1,2})\b/g, (m, y, mo, d) => dateWords(+y, +mo, +d) ?? m);
  text = text.replace(/\b(\d{1,2})[/\-.](\d{1,2})[/\-.](\d{4})\b/g, (m, d, mo, y) => dateWords(+y, +mo, +d) ?? m);
  // '15 مهر', '25 دسامبر': the day is an ordinal.
  text = text.replace(new RegExp(String.raw`\b(\d{1,2})\s*(${MONTH_WORDS.join('|')})(?![\u0600-\u06FF])`, 'g'), (m, d, month) => (+d >= 1 && +d <= 31 ? `${ordinalToWordsFa(+d)} ${month}` : m));
  // Times: 14:30 → 'چهارده و سی دقیقه'.
  text = text.replace(/\b([01]?\d|2[0-3]):([0-5]\d)\b/g, (_m, h, mi) => (+mi ? `${integerToWordsFa(+h)} و ${integerToWordsFa(+mi)} دقیقه` : integerToWordsFa(+h)));
  // Percentages: 2.5% / %2.5 / 2.5 درصد.
  text = text.replace(new RegExp(String.raw`%\s*(${DECIMAL})|(${DECIMAL})\s*%`, 'g'), (_m, a, b) => `${numberWords(a ?? b)} درصد`);
  // Currency signs: $100, 100$, €50, £20.
  const signs: Record<string, string> = { $: 'دلار', '€': 'یورو', '£': 'پوند' };
  text = text.replace(new RegExp(String.raw`([$€£])\s*(${DECIMAL})|(${DECIMAL})\s*([$€£])`, 'g'), (_m, s1, a, b, s2) => `${numberWords(a ?? b)} ${signs[s1 ?? s2]}`);
  // Ordinals: '3ام', '20 امین', '2-مین'.
  text = text.replace(/(\d+)[\s\-\u200c]*(ا?مین)(?![\u0600-\u06FF])/g, (_m, n) => ordinalToWordsFa(+n, { suffix: 'مین' }));
  text = text.replace(/(\d+)[\s\-\u200c]*(ا?م)(?![\u0600-\u06FF])/g, (_m, n) => ordinalToWordsFa(+n));
  // Ranges: 10-20 → 'ده تا بیست'.
  text = text.replace(new RegExp(String.raw`(${DECIMAL})\s*[-–]\s*(${DECIMAL})`, 'g'), (_m, a, b) => `${numberWords(a)} تا ${numberWords(b)}`);
  // Negative numbers at a word's start.
  text = text.replace(new RegExp(String.raw`(^|[\s(])[-−](${DECIMAL})`, 'g'), (_m, pre, n) => `${pre}منفی ${numberWords(n)}`);
  // Everything else that is a number.
  text = text.replace(new RegExp(DECIMAL, 'g'), (m) => numberWords(m));
  return text;
}

/** One paragraph of article text, cleaned for listening (null when nothing is left to say). */
function spokenParagraph(line: string): string | null {
  let text = line.replace(URL_RE, ' ').replace(EMOJI_RE, ' ');
  if (SIGNATURE_LINE_RE.test(text.trim())) return null;
  text = text
    .replace(HANDLE_RE, '$1')
    // '#اقتصاد_ایران' → 'اقتصاد ایران'.
    .replace(/#([\p{L}\p{N}_]+)/gu, (_m, tag: string) => tag.replace(/_/g, ' '))
    .replace(/[*_~`|>«»"“”[\]{}<>]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  text = speakNumbersFa(text).replace(/\s+/g, ' ').trim();
  if (!/[\p{L}]/u.test(text)) return null;
  // Every paragraph ends a sentence, so the voice pauses between them.
  return /[.!?؟…:؛]$/.test(text) ? text : `${text}.`;
}

/** Article HTML (or plain text) → its paragraphs as text. */
function paragraphs(content: string): string[] {
  const pieces = /<[a-z][^>]*>/i.test(content)
    ? content
      .replace(/<(figure|video|audio|iframe|picture)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
      .split(/<\/(?:p|h[1-6]|li|blockquote|div|tr)>|<br\s*\/?>/i)
      .map((part) => stripHtml(part))
    : content.split(/\n+/);
  return pieces.map((p) => p.trim()).filter(Boolean);
}

/** The text an article's podcast reads: the title, then every paragraph of the body. */
export function articleSpeechText(article: { title: string; content: string }): string {
  const title = spokenParagraph(stripHtml(article.title));
  const body = paragraphs(article.content).map(spokenParagraph).filter((p): p is string => !!p);
  // A body that opens with the title does not read it twice.
  if (title && body[0] === title) body.shift();
  return [title, ...body].filter(Boolean).join('\n');
}

/**
 * Text cut into parts of at most `maxChars` for a speech engine, at paragraph and sentence
 * ends (a sentence longer than that at a comma or a space).
 */
export function splitForSpeech(text: string, maxChars: number): string[] {
  const sentences = text.split(/\n+/).flatMap((p) => p.match(/[^.!?؟…]+(?:[.!?؟…]+|$)/g) ?? []).map((s) => s.trim()).filter(Boolean);
  const pieces = sentences.flatMap((s) => {
    if (s.length <= maxChars) return [s];
    const out: string[] = [];
    let rest = s;
    while (rest.length > maxChars) {
      const window = rest.slice(0, maxChars);
      const cut = Math.max(window.lastIndexOf('،'), window.lastIndexOf(','), window.lastIndexOf('؛'));
      const at = cut > maxChars / 3 ? cut + 1 : window.lastIndexOf(' ') > 0 ? window.lastIndexOf(' ') : maxChars;
      out.push(rest.slice(0, at).trim());
      rest = rest.slice(at).trim();
    }
    if (rest) out.push(rest);
    return out;
  });
  const parts: string[] = [];
  for (const piece of pieces) {
    const last = parts.at(-1);
    if (last !== undefined && last.length + 1 + piece.length <= maxChars) parts[parts.length - 1] = `${last} ${piece}`;
    else parts.push(piece);
  }
  return parts;
}
