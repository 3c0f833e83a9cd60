// Digit conversion between ASCII, Persian (۰-۹) and Arabic-Indic (٠-٩).
// Stored and indexed text keeps ASCII digits; only display converts to Persian.

const PERSIAN_ZERO = 0x06f0;
const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

/** Persian (U+06F0–U+06F9) and Arabic-Indic (U+0660–U+0669) digits → ASCII 0-9. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u06f0-\u06f9\u0660-\u0669]/g, (d) => {
    const code = d.charCodeAt(0);
    const zero = code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO;
    return String(code - zero);
  });
}

/**
 * ASCII and Arabic-Indic digits → Persian digits. Only digits change: separators
 * stay as they are, so '12.5' becomes '۱۲.۵' (use formatNumberFa for localized separators).
 */
export function toPersianDigits(value: string | number): string {
  // A loop over the text: the regular expression with a callback per digit was ~2 % of a home
  // page's render (hundreds of dates, counts and times).
  const text = String(value);
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let digit = code - 48;
    if (digit < 0 || digit > 9) {
      digit = code - ARABIC_INDIC_ZERO;
      if (digit < 0 || digit > 9) continue;
    }
    out += text.slice(from, i) + PERSIAN_DIGITS[digit];
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

// The browser's first Intl formatter costs tens of milliseconds on a slow phone (the locale
// data is loaded then), inside the task that hydrates the page. Plain numbers are formatted
// here exactly as Intl's fa-IR does (tested against it); other options still go to Intl.
const GROUP = '\u066c'; // ٬
const DECIMAL = '\u066b'; // ٫
const MINUS = '\u200e\u2212'; // left-to-right mark, minus sign
// Outside this range a number's shortest form has an exponent; Intl handles such numbers.
const PLAIN_MIN = 1e-6;
const PLAIN_MAX = 1e21;

function groupDigits(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP);
}

/** A non-negative decimal string rounded to three fraction digits, half away from zero. */
function roundDecimal(text: string): string {
  const [integer, fraction = ''] = text.split('.');
  if (fraction.length <= 3) return fraction ? `${integer}.${fraction}` : integer;
  let digits = integer + fraction.slice(0, 3);
  if (fraction[3] >= '5') digits = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  return `${digits.slice(0, -3)}.${digits.slice(-3)}`;
}

/** Localized number, as Intl fa-IR formats it: 1234 → '۱٬۲۳۴', 1234.5 → '۱٬۲۳۴٫۵', -3 → '‎−۳'. */
export function formatNumberFa(n: number | bigint, options?: Intl.NumberFormatOptions): string {
  if (options) return new Intl.NumberFormat('fa-IR', options).format(n);
  if (typeof n === 'bigint') return toPersianDigits((n < 0n ? MINUS : '') + groupDigits((n < 0n ? -n : n).toString()));
  const size = Math.abs(n);
  if (!Number.isFinite(n) || size >= PLAIN_MAX || (size < PLAIN_MIN && n !== 0) || Object.is(n, -0)) return new Intl.NumberFormat('fa-IR').format(n);
  // Intl rounds the number's shortest decimal form to at most three fraction digits.
  const [integer, fraction = ''] = roundDecimal(String(size)).split('.');
  const digits = fraction.replace(/0+$/, '');
  return toPersianDigits((n < 0 ? MINUS : '') + groupDigits(integer) + (digits ? DECIMAL + digits : ''));
}
