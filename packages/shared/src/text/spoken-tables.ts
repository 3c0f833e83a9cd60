// The tables the speech text is made with (spoken.ts, spoken-latin.ts, spoken-numbers.ts):
// how a Persian newsreader says Latin words, acronyms, units and letters, which words make a
// sentence a sports report, and what a channel's signature line looks like. An editor who
// hears a word read wrongly adds it here.

/** Latin words and acronyms as a Persian newsreader says them (keys in lower case). */
export const PRONUNCIATIONS: Readonly<Record<string, string>> = {
  // Organisations and acronyms read as words.
  nato: 'ناتو', opec: 'اوپک', unesco: 'یونسکو', unicef: 'یونیسف', fifa: 'فیفا', uefa: 'یوفا',
  nasa: 'ناسا', swift: 'سوئیفت', brics: 'بریکس', asean: 'آسه‌آن', potus: 'پوتوس', interpol: 'اینترپل',
  covid: 'کووید', sars: 'سارس', mers: 'مرس', omicron: 'امیکرون', delta: 'دلتا', pfizer: 'فایزر',
  reuters: 'رویترز', fed: 'فدرال رزرو', brexit: 'برگزیت', euro: 'یورو', dollar: 'دلار',
  usd: 'دلار آمریکا', eur: 'یورو', gbp: 'پوند', btc: 'بیت‌کوین', bitcoin: 'بیت‌کوین', ethereum: 'اتریوم',
  // Companies, products and services in the news.
  google: 'گوگل', apple: 'اپل', microsoft: 'مایکروسافت', tesla: 'تسلا', samsung: 'سامسونگ',
  nvidia: 'انویدیا', intel: 'اینتل', meta: 'متا', amazon: 'آمازون', boeing: 'بوئینگ', airbus: 'ایرباس',
  openai: 'اوپن ای آی', chatgpt: 'چت جی پی تی', gemini: 'جمینای', telegram: 'تلگرام',
  whatsapp: 'واتس‌اپ', instagram: 'اینستاگرام', twitter: 'توییتر', youtube: 'یوتیوب', iphone: 'آیفون',
  android: 'اندروید', windows: 'ویندوز', starlink: 'استارلینک', spacex: 'اسپیس ایکس', huawei: 'هوآوی',
  xiaomi: 'شیائومی', wifi: 'وای‌فای', 'wi-fi': 'وای‌فای', bluetooth: 'بلوتوث', email: 'ایمیل',
  online: 'آنلاین', app: 'اپ', vpn: 'وی پی ان', real: 'رئال', madrid: 'مادرید', barcelona: 'بارسلونا',
  // Network generations and formats, as they are said.
  '5g': 'فایو جی', '4g': 'فور جی', '3g': 'تری جی', '4k': 'فور کی', mp3: 'ام پی تری',
  // Units written in Latin letters.
  km: 'کیلومتر', kg: 'کیلوگرم', mw: 'مگاوات', gw: 'گیگاوات', kw: 'کیلووات', kwh: 'کیلووات ساعت',
  mb: 'مگابایت', gb: 'گیگابایت', tb: 'ترابایت', mbps: 'مگابیت بر ثانیه', gbps: 'گیگابیت بر ثانیه',
  ghz: 'گیگاهرتز', mhz: 'مگاهرتز', mm: 'میلی‌متر', cm: 'سانتی‌متر', ml: 'میلی‌لیتر', mg: 'میلی‌گرم',
  'km/h': 'کیلومتر بر ساعت',
};

/** English letter names as said in Persian: 'G7' → 'جی هفت'. */
export const LETTER_NAMES: Readonly<Record<string, string>> = {
  a: 'ای', b: 'بی', c: 'سی', d: 'دی', e: 'ای', f: 'اف', g: 'جی', h: 'اچ', i: 'آی', j: 'جی', k: 'کی',
  l: 'ال', m: 'ام', n: 'ان', o: 'او', p: 'پی', q: 'کیو', r: 'آر', s: 'اس', t: 'تی', u: 'یو', v: 'وی',
  w: 'دبلیو', x: 'ایکس', y: 'وای', z: 'زد',
};

/**
 * Letters and letter groups of a Latin word written in Persian, longest first, for a word
 * that is neither in PRONUNCIATIONS nor an acronym ('Tesla' → 'تسلا', 'akhbar' → 'اخبار').
 * A short vowel inside a word is not written in Persian, so 'e' inside a word has none.
 */
export const LATIN_SOUNDS: ReadonlyArray<readonly [string, string]> = [
  ['tion', 'شن'], ['sh', 'ش'], ['ch', 'چ'], ['kh', 'خ'], ['gh', 'غ'], ['zh', 'ژ'], ['th', 'ت'],
  ['ph', 'ف'], ['ck', 'ک'], ['qu', 'کو'], ['oo', 'و'], ['ee', 'ی'], ['ou', 'و'], ['ai', 'ای'],
  ['ay', 'ی'], ['ei', 'ای'], ['a', 'ا'], ['b', 'ب'], ['c', 'ک'], ['d', 'د'], ['e', ''], ['f', 'ف'],
  ['g', 'گ'], ['h', 'ه'], ['i', 'ی'], ['j', 'ج'], ['k', 'ک'], ['l', 'ل'], ['m', 'م'], ['n', 'ن'],
  ['o', 'و'], ['p', 'پ'], ['q', 'ک'], ['r', 'ر'], ['s', 'س'], ['t', 'ت'], ['u', 'و'], ['v', 'و'],
  ['w', 'و'], ['x', 'کس'], ['y', 'ی'], ['z', 'ز'],
];

/** A word's first vowel, as Persian writes it at the start of a word. */
export const INITIAL_VOWELS: Readonly<Record<string, string>> = { a: 'ا', e: 'ا', i: 'ای', o: 'او', u: 'او' };

/** Words that make a sentence a sports report, where '۲-۱' is a score ('دو بر یک'). */
export const SPORTS_WORDS = [
  'بازی', 'دیدار', 'مسابقه', 'تیم', 'گل', 'لیگ', 'جام', 'فوتبال', 'والیبال', 'بسکتبال', 'هندبال', 'فوتسال',
  'کشتی', 'تنیس', 'پیروزی', 'شکست', 'برتری', 'تساوی', 'مساوی', 'باخت', 'نتیجه', 'ست', 'قهرمانی', 'فینال',
  'نیمه‌نهایی', 'بازیکن', 'سرمربی', 'داور', 'استادیوم', 'ورزشگاه', 'حریف', 'میزبان',
];

/** After a pair of numbers these words make it a range ('۱۰-۱۲ بازیکن'), never a score. */
export const RANGE_NOUNS = [
  'نفر', 'سال', 'ماه', 'روز', 'هفته', 'ساعت', 'دقیقه', 'ثانیه', 'درصد', 'کیلومتر', 'متر', 'کیلوگرم',
  'بازیکن', 'تیم', 'هزار', 'میلیون', 'میلیارد', 'تومان', 'ریال', 'دلار', 'یورو', 'بار', 'مورد',
];

export const JALALI_MONTHS = ['فروردین', 'اردیبهشت', 'خرداد', 'تیر', 'مرداد', 'شهریور', 'مهر', 'آبان', 'آذر', 'دی', 'بهمن', 'اسفند'];
export const GREGORIAN_MONTHS = ['ژانویه', 'فوریه', 'مارس', 'آوریل', 'مه', 'ژوئن', 'ژوئیه', 'اوت', 'سپتامبر', 'اکتبر', 'نوامبر', 'دسامبر'];
/** Other spellings seen in news text, read as they are written. */
export const MONTH_WORDS = [...JALALI_MONTHS, ...GREGORIAN_MONTHS, 'ژانویهٔ', 'ژوییه', 'ژولای', 'آگوست', 'اگوست', 'می', 'جولای', 'فبریه'];

/** Currency signs and the word said after the amount. */
export const CURRENCY_SIGNS: Readonly<Record<string, string>> = { $: 'دلار', '€': 'یورو', '£': 'پوند' };

/**
 * A channel's call to join: imperative ('عضو شوید', 'بپیوندید', 'دنبال کنید', 'Join'). A
 * sentence that only mentions a channel ('برای عضویت در کانال رسمی سازمان اقدام کنند') is not one.
 */
export const JOIN_CALL = /عضو\s*(?:شوید|بشوید)|بپیوندید|دنبال\s*کنید|کانال\s+ما|\bjoin\b|\bsubscribe\b|\bfollow\s+us\b/i;

/** Words that label a signature line around a handle or link ('🆔', 'کانال:', 'آیدی', 'ID'). */
export const SIGNATURE_LABELS = /کانال|آیدی|ایدی|شناسه|لینک|ارتباط|تماس|اینستاگرام|توییتر|تلگرام|ما|را|در|به|\bid\b|\bjoin\b|\bsubscribe\b|\bchannel\b/gi;
