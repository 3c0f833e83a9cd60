// Numbers as Persian words, for text that is read aloud: 1403 → 'هزار و چهارصد و سه',
// 2.5 → 'دو ممیز پنج', the 3rd → 'سوم'. Integers up to the trillions; larger ones are read
// digit by digit.

const ONES = ['', 'یک', 'دو', 'سه', 'چهار', 'پنج', 'شش', 'هفت', 'هشت', 'نه'];
const TEENS = ['ده', 'یازده', 'دوازده', 'سیزده', 'چهارده', 'پانزده', 'شانزده', 'هفده', 'هجده', 'نوزده'];
const TENS = ['', '', 'بیست', 'سی', 'چهل', 'پنجاه', 'شصت', 'هفتاد', 'هشتاد', 'نود'];
const HUNDREDS = ['', 'صد', 'دویست', 'سیصد', 'چهارصد', 'پانصد', 'ششصد', 'هفتصد', 'هشتصد', 'نهصد'];
const SCALES = ['', 'هزار', 'میلیون', 'میلیارد', 'تریلیون'];
const JOIN = ' و ';

/** 0–999 as words ('' for 0). */
function belowThousand(n: number): string {
  const parts: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h) parts.push(HUNDREDS[h]);
  if (rest >= 10 && rest < 20) parts.push(TEENS[rest - 10]);
  else {
    const t = Math.floor(rest / 10);
    const o = rest % 10;
    if (t) parts.push(TENS[t]);
    if (o) parts.push(ONES[o]);
  }
  return parts.join(JOIN);
}

const digitWord = (d: string) => (d === '0' ? 'صفر' : ONES[Number(d)]);

/** A string of ASCII digits read one by one: '0912' → 'صفر نه یک دو'. */
export function digitsToWordsFa(digits: string): string {
  return [...digits].filter((c) => c >= '0' && c <= '9').map(digitWord).join(' ');
}

/**
 * A whole number as Persian words: 0 → 'صفر', 1000 → 'هزار', 1_000_000 → 'یک میلیون',
 * 2_500_000_000 → 'دو میلیارد و پانصد میلیون', -7 → 'منفی هفت'. Beyond the trillions the
 * digits are read one by one.
 */
export function integerToWordsFa(value: number | bigint | string): string {
  let text = String(value).trim();
  let negative = false;
  if (text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  }
  text = text.replace(/^0+(?=\d)/, '');
  if (!/^\d+$/.test(text)) throw new RangeError(`not an integer: ${String(value)}`);
  let words: string;
  if (text === '0') words = 'صفر';
  else if (text.length > 15) words = digitsToWordsFa(text);
  else {
    const groups: number[] = [];
    for (let end = text.length; end > 0; end -= 3) groups.unshift(Number(text.slice(Math.max(0, end - 3), end)));
    const parts: string[] = [];
    groups.forEach((g, i) => {
      if (!g) return;
      const scale = SCALES[groups.length - 1 - i];
      // 'هزار', not 'یک هزار'; but 'یک میلیون', 'یک میلیارد'.
      if (scale === 'هزار' && g === 1) parts.push('هزار');
      else parts.push(scale ? `${belowThousand(g)} ${scale}` : belowThousand(g));
    });
    words = parts.join(JOIN);
  }
  return negative ? `منفی ${words}` : words;
}

/**
 * A decimal number written with '.', '/', '٫' as its decimal mark: '2.5' → 'دو ممیز پنج',
 * '0.75' → 'صفر ممیز هفتاد و پنج', '1.05' → 'یک ممیز صفر پنج' (leading zeros of the
 * fraction read as digits so the value stays exact).
 */
export function decimalToWordsFa(text: string): string {
  const m = /^(-?)(\d+)(?:[./٫](\d+))?$/.exec(text.trim());
  if (!m) throw new RangeError(`not a number: ${text}`);
  const [, sign, whole, fraction] = m;
  const head = integerToWordsFa(`${sign}${whole}`);
  if (!fraction) return head;
  const zeros = /^0*/.exec(fraction)![0];
  const rest = fraction.slice(zeros.length);
  const tail = [...[...zeros].map(() => 'صفر'), ...(rest ? [integerToWordsFa(rest)] : [])].join(' ');
  return `${head} ممیز ${tail}`;
}

/**
 * The ordinal as a word: 1 → 'یکم' ('اول' with `first`), 2 → 'دوم', 3 → 'سوم', 30 → 'سی‌ام',
 * 21 → 'بیست و یکم'. With `suffix: 'مین'` the attributive form: 3 → 'سومین', 20 → 'بیستمین'.
 */
export function ordinalToWordsFa(n: number, opts: { suffix?: 'م' | 'مین'; first?: boolean } = {}): string {
  const suffix = opts.suffix ?? 'م';
  if (n === 1 && opts.first) return suffix === 'مین' ? 'نخستین' : 'اول';
  const words = integerToWordsFa(n);
  if (words.endsWith('سه')) return `${words.slice(0, -2)}سو${suffix}`;
  if (words.endsWith('ی')) return `${words}\u200cا${suffix}`;
  return `${words}${suffix}`;
}
