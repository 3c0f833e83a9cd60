// Persian words that are never a topic on their own. Two tiers:
// - FUNCTION words (the `stopword` package's Persian list, extended with prepositions,
//   pronouns, verbs and number words) cannot start or end a topic phrase either;
// - GENERIC words of news prose ('گزارش', 'کشور', 'تیم', 'رشد', 'ملی') are fine inside a
//   name ('تیم ملی', 'بانک مرکزی') but say nothing alone.
// Everything is compared after normalizePersian, which turns ZWNJ into a space: 'آن‌ها' is kept
// as 'آن ها' and matches however a post spells it.
import { fas } from 'stopword';
import { integerToWordsFa, ordinalToWordsFa } from '../text/number-words.ts';
import { normalizePersian } from '../text/normalize.ts';
import { GREGORIAN_MONTHS, JALALI_MONTHS } from '../text/spoken-tables.ts';

const words = (text: string) => text.split(/\s+/).filter(Boolean);

const PARTICLES = words(`
و در به از که این را با است برای آن یک تا هم بر نیز یا اما ولی اگر پس چون چه چرا چگونه کجا کی
وقتی هر همه هیچ دیگر دیگری خود خویش من تو او ما شما آنها ایشان وی اینها آنان همین همان چنین
چنان بسیار خیلی بیش کم بیشتر کمتر پیش بعد قبل روی زیر بین میان درباره سوی طی طبق توسط علیه
بدون جز شاید هنوز فقط تنها حتی البته اکنون حالا زیرا لیکن بلکه همچنین همچون مانند مثل نظیر چند
چندین برخی بعضی تمام کل کلیه سایر اینکه آنکه چنانکه درحالی بنابراین لذا سپس ضمن نزد ای کسی چیزی
جایی گونه نوع طور جهت سمت پی آنچه هرچه همراه براساس اساس طبق دنبال سراسر داخل خارج کنار
ها های هایی ی ای ام ات اش مان تان شان تر ترین بی نا غیر هیچ‌کدام هرکدام یکدیگر همدیگر
آن‌ها این‌ها آن‌چه این‌که آن‌که چنان‌که همچنان تاکنون اخیرا اخیراً ضمنا ضمناً حدودا حدوداً تقریبا تقریباً
واقع درواقع ازجمله جمله علاوه برابر لحاظ سوی بالای پایین‌تر نسبت دنبال مقابل
`);

// Past and present stems of the verbs news prose leans on; their persons, participles and
// negatives are generated below. 'می‌'/'نمی‌' forms are recognised by their prefix instead.
const PAST_STEMS = words(`
بود شد کرد داد گرفت داشت زد رسید آمد رفت ماند گفت افزود نمود ساخت یافت خواست دید شنید گذاشت
برد آورد کشید پرداخت انداخت نوشت خواند دانست توانست گذشت شمرد خورد افتاد
`);
const PRESENT_STEMS = words(`
کن شو ده گیر دار زن رس آی رو مان گوی گو افزای نما ساز یاب خواه بین گذار بر آور کش پرداز توان
دان گذر شمار خور پیوند گرد کاه افت نشین باش
`);
const PAST_ENDINGS = ['', 'م', 'ی', 'یم', 'ید', 'ند', 'ه', 'ن'];
const PRESENT_ENDINGS = ['د', 'ند', 'م', 'ی', 'یم', 'ید'];
const AUXILIARIES = words(`
است هست نیست هستند نیستند بوده‌است شده‌است شده‌اند کرده‌است کرده‌اند بوده‌اند خواهد خواهند
خواهیم باید نباید بایست می‌باید می‌بایست نمی‌شود می‌شود می‌کند می‌گوید اظهارداشت
`);

function verbForms(): string[] {
  const forms: string[] = [...AUXILIARIES];
  for (const stem of PAST_STEMS) {
    for (const ending of PAST_ENDINGS) forms.push(stem + ending, `ن${stem}${ending}`);
  }
  for (const stem of PRESENT_STEMS) {
    for (const ending of PRESENT_ENDINGS) forms.push(stem + ending, `ب${stem}${ending}`, `ن${stem}${ending}`);
  }
  return forms;
}

/** Cardinals, ordinals ('دوازدهم', 'بیستمین') and the words around them. */
function numberForms(): string[] {
  const forms = words(`
    صفر صد هزار میلیون میلیارد تریلیون اول اولین نخست نخستین آخر آخرین دهم صدم هزارم ده‌ها صدها
    هزاران میلیون‌ها میلیاردها نیم ربع یکم دومی سومی عدد رقم شماره
  `);
  for (let n = 1; n <= 100; n++) {
    forms.push(integerToWordsFa(n), ordinalToWordsFa(n), ordinalToWordsFa(n, { suffix: 'مین' }));
  }
  for (let n = 200; n <= 900; n += 100) forms.push(integerToWordsFa(n));
  return forms;
}

const NEWS_WORDS = words(`
گزارش خبر اخبار خبرنگار خبرگزاری رسانه نقل قول اعلام اعلامیه اظهار تصریح تأکید تاکید اشاره بیان
عنوان ادامه افزایش کاهش رشد افت تغییر تغییرات میزان درصد درصدی نرخ مورد موارد بخش حوزه زمینه
طرح برنامه اجرا اجرای روند وضعیت شرایط مسئول مسئولان مسئولین مقام مقامات رئیس معاون مدیر مدیرکل
مدیرعامل سخنگو سخنگوی نماینده نمایندگان مردم جامعه کشور کشورها کشورمان کشوری شهر شهری شهرها
استان استانی منطقه مناطق منطقه‌ای جهان جهانی ملی داخلی خارجی بین‌المللی عمومی دولتی مهم مهمترین
مهم‌ترین اصلی جدید تازه بزرگ بزرگ‌ترین کوچک بالا پایین زیاد حدود نزدیک مجموع تعداد شمار سطح
مقایسه دوره مدت زمان هفته ماه سال روز امروز دیروز فردا امسال پارسال گذشته آینده اخیر جاری صبح
عصر شب ساعت دقیقه ثانیه ابتدا پایان آغاز پایانی نهایی تیم دیدار نتیجه مرحله مسابقه رقابت
رقابت‌ها حضور سقف پوشش ثابت میانگین معرفی روش ارائه تأخیر تاخیر سالانه ماهانه مراحل قانونی ابلاغ
بسته حمایتی حمایت نمایش اثر آثار فهرست مصرف متخصصان کارشناسان عملکرد مراجعه مستمر ظرفیت ساخت
موفقیت کاربران متن نوبت سوابق خرید فروش تقاضا تقاضای ایمنی محصولات محصول مالی فصل نشست جلسه
راهی راه اقدام اقدامات فعالیت فعالیت‌ها هدف اهداف بررسی پیگیری تصمیم موضوع مسئله مسائل نکته
امکان توجه لازم ضروری نیاز منظور دلیل علت سبب باعث نتایج تعدادی بسیاری برخی عده افراد نفر
نفری انجام صورت قرار دست وجود شکل حال حالی بار باری کار کارها خصوص ارتباط سوال سؤال پاسخ
طول دنبال مقدار هزینه قیمت رقمی سهم کل کلی بیشترین کمترین جدیدی تازه‌ای مختلف متعدد دیگر
داد دادن ترتیب مربوط مرتبط پیش‌بینی برآورد اطلاعات اطلاع اطلاعیه منابع منبع آمار آماری رکورد
مثبت منفی اول‌بار گام مسیر سوی رویداد اتفاق حادثه تحول تحولات تلاش تلاش‌ها نقش جایگاه رتبه
نخستین‌بار دوباره مجدد دستور دستورالعمل مصوبه مصوب تصویب کمیته‌ای سازمانی دولت‌ها
گروه گروه‌ها شرکت شرکت‌ها بازار مرکز مراکز دستگاه دستگاه‌ها درخواست سامانه معاملات تولید سرعت
آزاد صعود مشترک وزیران واحد واحدها امتیاز بازیکنان معاصر ثبت غیرنفتی کمیسیون سازمان وزارت
مجموعه سیستم پروژه طرح‌ها برنامه‌ها کالا خدمات بخش‌ها فرد کاربر مشتری مشتریان شهروندان تشکیل
پیش‌بینی اجرایی نحوه تکمیل پیشنهاد پیشنهادها سند اسناد جزئیات منتشر شده‌اند شدگان متوسط بالاتر
بیمار بیماران پرونده پرونده‌ها خانه تومان ریال کانال هشدار کلیات
`);

// Generic words that cannot open or close a phrase either: times ('معاملات امروز'), degrees
// ('کانال تازه‌ای'), the nouns of light verbs ('قرار گرفت', 'افزایش یافت') and 'کشور'.
const WEAK_WORDS = words(`
امروز دیروز فردا امسال پارسال گذشته آینده اخیر جاری صبح عصر شب ساعت دقیقه ثانیه روز روزه هفته ماه
ساله سال فصل تازه جدید تازه‌ای جدیدی بیشتر کمتر بیش کم زیاد بالا پایین مهم اصلی بزرگ کوچک مختلف
متعدد کامل نهایی پایانی ابتدایی تشکیل پیش‌بینی منتشر قرار انجام صورت دست وجود افزایش کاهش ادامه آغاز پایان اعلام
برگزار منتقل اشاره تاکید تأکید اظهار بیان ارائه دریافت پیدا نشان پشت سر راهی مورد موارد کشور
کشورها کشورمان کشوری تعداد شمار مجموع حدود نزدیک درصد درصدی میزان گشایش حضور توجه امکان
تنظیم اختصاص جایگزین تعیین ایجاد تامین تأمین اعمال آماده تحویل بخش
بهار تابستان پاییز زمستان پایتخت حاشیه موج خطر بهره‌برداری
`);

function normalisedSet(list: string[]): ReadonlySet<string> {
  return new Set(list.map((w) => normalizePersian(w)).filter(Boolean));
}

/** Words that never start or end a topic: particles, pronouns, verbs, numbers. */
export const FUNCTION_WORDS: ReadonlySet<string> = normalisedSet([...fas, ...PARTICLES, ...verbForms(), ...numberForms()]);

/** Generic words that cannot open or close a phrase ('معاملات امروز', 'مدار قرار'). */
export const WEAK_WORDS_SET: ReadonlySet<string> = normalisedSet([...WEAK_WORDS, ...JALALI_MONTHS, ...GREGORIAN_MONTHS]);

/** Words of news prose that are not a topic alone but may sit inside one ('تیم ملی'). */
export const GENERIC_WORDS: ReadonlySet<string> = normalisedSet([...NEWS_WORDS, ...WEAK_WORDS, ...JALALI_MONTHS, ...GREGORIAN_MONTHS]);

/** The whole Persian stop-word list: no keyword may be one of these. */
export const PERSIAN_STOPWORDS: ReadonlySet<string> = new Set([...FUNCTION_WORDS, ...GENERIC_WORDS]);

/** A normalised word that is a verb by its continuous or negative-continuous prefix. */
export function isPrefixedVerb(normalised: string): boolean {
  // 'موظف‌اند', 'گفته‌است': a word with a verb ending written apart.
  if (/ (?:اند|است|ایم|اید)$/.test(normalised)) return true;
  return /^(?:ن?می)(?: |$)/.test(normalised) || /^ن?می(?:کن|شو|ده|گیر|دار|رس|رو|گوی|توان|خواه)/.test(normalised);
}

/**
 * Whether a normalised word is a function word, a verb, a number, or a lone letter (a list's
 * «ب»، an abbreviation's letters written apart): none names anything, and a run of them made
 * topics such as «ب ت ث».
 */
export function isFunctionWord(normalised: string): boolean {
  return FUNCTION_WORDS.has(normalised) || isPrefixedVerb(normalised) || /^[\d.,/]+$/.test(normalised) || /^\p{L}$/u.test(normalised);
}

/** Whether a normalised word cannot open or close a topic phrase. */
export function isEdgeBlocked(normalised: string): boolean {
  return isFunctionWord(normalised) || WEAK_WORDS_SET.has(normalised);
}

/** Whether a normalised word (or phrase) is on the stop-word list or cannot be a topic alone. */
export function isStopword(normalised: string): boolean {
  return PERSIAN_STOPWORDS.has(normalised) || isFunctionWord(normalised);
}
