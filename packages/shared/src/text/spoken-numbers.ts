// Numbers in a line of news, as a Persian newsreader says them. One table of rules, applied in
// order (dates before ranges, scores before ranges, ...), each a pattern and how to read it.
import { toAsciiDigits } from './digits.ts';
import { decimalToWordsFa, digitsToWordsFa, integerToWordsFa, ordinalToWordsFa } from './number-words.ts';
import { CURRENCY_SIGNS, GREGORIAN_MONTHS, JALALI_MONTHS, MONTH_WORDS, RANGE_NOUNS, SPORTS_WORDS } from './spoken-tables.ts';

// A number starts where its digits do, or where a ',' group just ended (the lookbehinds), and has
// at most six ',' groups (more is read digit by digit anyway): each rule then scans a run of
// digits once, not once per digit (minutes for a body of 200,000 digits).
const NUM = String.raw`\d{1,3}(?:,\d{3}){1,6}|(?:(?<!\d)|(?<=,\d{3}))\d+`;
const DECIMAL = String.raw`(?:${NUM})(?:[.٫/]\d+)?`;
const NOT_AFTER_LETTER = String.raw`(?<![\p{L}\d])`;
// What follows a pair of numbers that makes it a range ('۱۰-۱۲ بازیکن').
const RANGE_NOUN_AHEAD = String.raw`\s*(?:${RANGE_NOUNS.join('|')})(?![\p{L}])`;

/** A number as it appears in text (ASCII digits, maybe ',' separators and a decimal mark) → words. */
export function numberWords(raw: string): string {
  const text = raw.replace(/,/g, '');
  if (/^0\d+$/.test(text)) return digitsToWordsFa(text);
  return /[.٫/]/.test(text) ? decimalToWordsFa(text) : integerToWordsFa(text);
}

function dateWords(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const months = year < 1700 ? JALALI_MONTHS : GREGORIAN_MONTHS;
  return `${ordinalToWordsFa(day)} ${months[month - 1]} ${integerToWordsFa(year)}`;
}

export interface NumberContext {
  /** The line is a sports report: '۲-۱' is a score, 'دو بر یک'. */
  sports: boolean;
}

interface NumberRule {
  name: string;
  pattern: RegExp;
  read: (match: string[], context: NumberContext) => string | null;
}

/** The rules, in the order they apply; a rule that returns null leaves its match as it was. */
export const NUMBER_RULES: readonly NumberRule[] = [
  { name: 'date, year first: 1403/07/15, 2024-10-06', pattern: /\b(\d{4})[/\-.](\d{1,2})[/\-.](\d{1,2})\b/g, read: ([, y, m, d]) => dateWords(+y, +m, +d) },
  { name: 'date, day first: 15/07/1403', pattern: /\b(\d{1,2})[/\-.](\d{1,2})[/\-.](\d{4})\b/g, read: ([, d, m, y]) => dateWords(+y, +m, +d) },
  {
    name: 'day of a month: ۱۵ مهر, ۲۵ دسامبر',
    pattern: new RegExp(String.raw`\b(\d{1,2})\s*(${MONTH_WORDS.join('|')})(?![\u0600-\u06FF])`, 'g'),
    read: ([, d, month]) => (+d >= 1 && +d <= 31 ? `${ordinalToWordsFa(+d)} ${month}` : null),
  },
  { name: 'time: 14:30', pattern: /\b([01]?\d|2[0-3]):([0-5]\d)\b/g, read: ([, h, mi]) => (+mi ? `${integerToWordsFa(+h)} و ${integerToWordsFa(+mi)} دقیقه` : integerToWordsFa(+h)) },
  {
    name: 'score in a sports report: ۲-۱, ۳:۰',
    pattern: new RegExp(String.raw`${NOT_AFTER_LETTER}(\d{1,3})\s*[-–:]\s*(\d{1,3})(?![\d٫/%]|\.\d)(?!${RANGE_NOUN_AHEAD})`, 'gu'),
    read: ([, a, b], { sports }) => (sports ? `${integerToWordsFa(a)} بر ${integerToWordsFa(b)}` : null),
  },
  { name: 'ratio: ۳:۱', pattern: /\b(\d{1,3}):(\d{1,3})\b/g, read: ([, a, b]) => `${integerToWordsFa(a)} به ${integerToWordsFa(b)}` },
  { name: 'percentage: ۲/۵٪, %۱۲, 40%', pattern: new RegExp(String.raw`%\s*(${DECIMAL})|(${DECIMAL})\s*%`, 'g'), read: ([, a, b]) => `${numberWords(a ?? b)} درصد` },
  {
    name: 'currency sign: $100, ۳۰۰ €',
    pattern: new RegExp(String.raw`([$€£])\s*(${DECIMAL})|(${DECIMAL})\s*([$€£])`, 'g'),
    read: ([, s1, a, b, s2]) => `${numberWords(a ?? b)} ${CURRENCY_SIGNS[s1 ?? s2]}`,
  },
  { name: 'attributive ordinal: ۲۰ امین', pattern: /(?<!\d)(\d+)[\s\-\u200c]*(ا?مین)(?![\u0600-\u06FF])/g, read: ([, n]) => ordinalToWordsFa(+n, { suffix: 'مین' }) },
  { name: 'ordinal: ۳ام', pattern: /(?<!\d)(\d+)[\s\-\u200c]*(ا?م)(?![\u0600-\u06FF])/g, read: ([, n]) => ordinalToWordsFa(+n) },
  { name: 'range: ۱۰-۲۰', pattern: new RegExp(String.raw`(${DECIMAL})\s*[-–]\s*(${DECIMAL})`, 'g'), read: ([, a, b]) => `${numberWords(a)} تا ${numberWords(b)}` },
  { name: 'negative number: -5', pattern: new RegExp(String.raw`(^|[\s(])[-−](${DECIMAL})`, 'g'), read: ([, pre, n]) => `${pre}منفی ${numberWords(n)}` },
  { name: 'any other number', pattern: new RegExp(DECIMAL, 'g'), read: ([n]) => numberWords(n) },
];

const SPORTS_RE = new RegExp(`(?:^|[^\\p{L}])(?:${SPORTS_WORDS.join('|')})(?:[\u200c ]?(?:ها|های))?(?![\\p{L}])`, 'u');

/** Whether a line reads as a sports report. */
export function isSportsLine(text: string): boolean {
  return SPORTS_RE.test(text);
}

/** Numbers and what goes with them, in one line of plain text, as words. */
export function speakNumbersFa(input: string, context: NumberContext = { sports: isSportsLine(input) }): string {
  let text = toAsciiDigits(input).replace(/٬/g, ',').replace(/٪/g, '%');
  for (const rule of NUMBER_RULES) {
    text = text.replace(rule.pattern, (...args: unknown[]) => {
      // replace() passes the match, its groups, then the offset and the whole string.
      const match = args.slice(0, -2) as string[];
      return rule.read(match, context) ?? match[0];
    });
  }
  return text;
}
