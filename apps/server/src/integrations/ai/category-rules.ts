// Category by keyword rules, for the offline rewriter, and the mapping of any
// spelling of a category name (English or Persian) onto the six stored values.
import { findCategory, normalizePersian } from '@chapar/shared/text';
import { REWRITE_CATEGORIES, type RewriteCategory } from './types.ts';

// Words that mark a story's field. Single words match whole tokens, optionally
// followed by a common suffix (ها، های، ی، ان، ...); phrases match as phrases.
const RULES: Record<RewriteCategory, string> = {
  Politics: `سیاسی سیاست سیاستمدار دولت مجلس نماینده نمایندگان وزیر وزارت رئیس‌جمهور رییس‌جمهور
    انتخابات نامزد پارلمان کنگره سنا دیپلماسی دیپلمات مذاکره مذاکرات توافق سفیر سفارت تحریم
    حزب احزاب کابینه استیضاح شورا شورای‌امنیت سازمان‌ملل امور‌خارجه کاخ‌سفید ناتو ارتش نظامی
    سپاه موشک پهپاد حمله جنگ آتش‌بس هسته‌ای غنی‌سازی آژانس بیانیه قطعنامه اعتراض تجمع
    زندانی بازداشت دادگاه قوه‌قضاییه رهبر سخنگو حاکمیت`,
  Economy: `اقتصاد اقتصادی بورس سهام شاخص دلار یورو ارز سکه طلا تورم قیمت گرانی بانک
    بانک‌مرکزی نرخ بودجه مالیات نفت بنزین گازوئیل سوخت صادرات واردات گمرک بازار تومان ریال یارانه
    اوپک بیکاری اشتغال مسکن اجاره وام خودرو خودروسازی سرمایه‌گذاری سرمایه تولید صنعت
    معدن کارخانه حقوق دستمزد مستمری بازنشستگی رشد‌اقتصادی رکود معیشت کالا`,
  Technology: `فناوری تکنولوژی هوش‌مصنوعی اینترنت فیلترینگ فیلتر اپلیکیشن نرم‌افزار سخت‌افزار
    گوشی موبایل تلفن‌همراه اینترنت‌همراه آیفون اپل گوگل مایکروسافت سامسونگ متا استارتاپ
    سایبری هکر داده مراکز‌داده دیتاسنتر ماهواره فضا فضایی فضاپیما مخابرات مخابراتی ناسا ربات رباتیک تراشه
    پردازنده رمزارز بیت‌کوین پیام‌رسان واتس‌اپ اینستاگرام شبکه‌اجتماعی پهنای‌باند فیبر
    اپراتور ارتباطات زیرساخت دیجیتال الکترونیک کامپیوتر رایانه`,
  Health: `سلامت بهداشت پزشکی پزشک پزشکان بیمار بیماری بیماران بیمارستان درمان دارو داروخانه
    واکسن واکسیناسیون کرونا ویروس آنفلوآنزا سرماخوردگی سرطان قلب دیابت جراحی پرستار
    اورژانس تغذیه همه‌گیری ابتلا مبتلا علائم آنتی‌بیوتیک سازمان‌جهانی‌بهداشت
    وزارت‌بهداشت درمانی بهداشتی سالمندان مسمومیت آلودگی‌هوا روان‌پزشکی`,
  Culture: `فرهنگ فرهنگی هنر هنری هنرمند هنرمندان سینما سینمایی فیلم سریال بازیگر کارگردان
    جشنواره فجر موسیقی خواننده کنسرت کتاب ناشر ناشران نمایشگاه‌کتاب نویسنده شاعر شعر
    تئاتر موزه میراث‌فرهنگی تاریخی نوروز اسکار رمان نقاشی گالری هنرهای تلویزیون
    مستند ادبیات ادبی فرهنگ‌وهنر`,
  Sports: `ورزش ورزشی ورزشکار فوتبال والیبال بسکتبال فوتسال کشتی تکواندو وزنه‌برداری المپیک
    جام‌جهانی جام‌ملت‌ها لیگ لیگ‌برتر باشگاه پرسپولیس سپاهان تراکتور تیم‌ملی سرمربی مربی
    بازیکن بازیکنان قهرمانی قهرمان مدال مسابقه مسابقات فیفا داور پنالتی دروازه‌بان ورزشگاه
    فینال نیمه‌نهایی گل‌زنی هافبک مهاجم رقابت‌ها`,
};

const SUFFIXES = new Set(['', 'ی', 'ها', 'های', 'هایی', 'ان', 'ای', 'ات', 'اش', 'ش', 'تر', 'ترین', 'یی']);

// Phrases are written with a half space (ZWNJ) so the lists can split at spaces;
// normalizePersian turns it into a space, which is what the post's text becomes too.
const COMPILED = REWRITE_CATEGORIES.map((category) => {
  const terms = RULES[category].split(/\s+/).filter(Boolean).map((t) => normalizePersian(t));
  return { category, words: terms.filter((t) => !t.includes(' ')), phrases: terms.filter((t) => t.includes(' ')) };
});

/**
 * The category whose words the text uses most. Hashtag keywords count double,
 * phrases count double (they are more specific). Ties go to the earlier
 * category in REWRITE_CATEGORIES. With no rule word at all the answer is
 * Politics: most posts of Persian news channels are political, and an admin
 * can move the article; a better-founded guess does not exist without a model.
 */
export function classifyCategory(text: string, hashtagKeywords: string[] = []): { category: RewriteCategory; score: number } {
  const body = ` ${normalizePersian(text)} `;
  const tokens = body.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const tags = hashtagKeywords.map((k) => normalizePersian(k));
  let best: { category: RewriteCategory; score: number } = { category: 'Politics', score: 0 };
  for (const { category, words, phrases } of COMPILED) {
    let score = 0;
    for (const token of tokens) if (words.some((w) => matchesWord(token, w))) score += 1;
    for (const phrase of phrases) score += 2 * countOccurrences(body, ` ${phrase}`);
    for (const tag of tags) if (words.some((w) => tag.split(' ').some((t) => matchesWord(t, w))) || phrases.some((p) => tag.includes(p))) score += 2;
    if (score > best.score) best = { category, score };
  }
  return best;
}

/** 'Sports', 'sports', 'ورزش', 'ورزشی', 'سياسي' → one of the six; undefined otherwise. */
export function toRewriteCategory(value: unknown): RewriteCategory | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  const known = findCategory(value)?.name;
  if (known && (REWRITE_CATEGORIES as readonly string[]).includes(known)) return known as RewriteCategory;
  return PERSIAN_ALIASES.get(normalizePersian(value));
}

const PERSIAN_ALIASES = new Map<string, RewriteCategory>(
  (
    [
      ['سیاسی', 'Politics'], ['سیاست', 'Politics'],
      ['اقتصادی', 'Economy'], ['اقتصاد', 'Economy'],
      ['فناوری', 'Technology'], ['تکنولوژی', 'Technology'], ['علم و فناوری', 'Technology'], ['علمی', 'Technology'], ['فن آوری', 'Technology'],
      ['سلامت', 'Health'], ['بهداشت', 'Health'], ['پزشکی', 'Health'], ['سلامت و پزشکی', 'Health'],
      ['فرهنگ', 'Culture'], ['فرهنگی', 'Culture'], ['هنر', 'Culture'], ['فرهنگ و هنر', 'Culture'], ['فرهنگی هنری', 'Culture'],
      ['ورزش', 'Sports'], ['ورزشی', 'Sports'], ['sport', 'Sports'], ['tech', 'Technology'], ['economics', 'Economy'],
    ] as const
  ).map(([alias, category]) => [normalizePersian(alias), category]),
);

function matchesWord(token: string, word: string): boolean {
  return token === word || (token.startsWith(word) && SUFFIXES.has(token.slice(word.length)));
}

function countOccurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) count++;
  return count;
}
