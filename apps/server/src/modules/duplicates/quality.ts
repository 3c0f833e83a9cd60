// An article's quality as a reader would judge it, 0 to 10 on four measures, each
// explained in Persian when it is weak: specificity (named people, places and
// organisations), facts (numbers, dates, attributed statements), length against the
// story's kind, and structure (paragraphs, a lead, no leftover channel chatter).
import type { QualityScore } from '@chapar/shared/contracts';
import { normalizePersian, stripHtml } from '@chapar/shared/text';

const fa = (n: number) => String(n).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);
const clamp = (x: number) => Math.max(0, Math.min(10, Math.round(x * 10) / 10));

// Words that introduce a name: titles of people, kinds of organisations and places.
const PERSON = ['وزیر', 'رئیس', 'رییس', 'سخنگوی', 'مدیرکل', 'معاون', 'نماینده', 'استاندار', 'فرماندار', 'شهردار', 'سرمربی', 'کارگردان', 'دبیرکل', 'سفیر', 'دادستان', 'آقای', 'خانم', 'دکتر', 'سردار', 'آیت الله', 'حجت الاسلام', 'مدیرعامل'];
const ORGANISATION = ['وزارت', 'سازمان', 'شرکت', 'دانشگاه', 'بانک', 'مجلس', 'شورای', 'پلیس', 'ستاد', 'مرکز', 'هلال احمر', 'بنیاد', 'صندوق', 'کمیسیون', 'اتحادیه', 'خبرگزاری', 'دولت', 'تیم', 'باشگاه', 'فدراسیون', 'اوپک', 'سپاه', 'ارتش', 'دادگاه', 'بیمارستان'];
const PLACE = ['استان', 'شهر', 'شهرستان', 'روستای', 'بندر', 'جزیره', 'کشور', 'محور', 'جاده', 'ورزشگاه', 'میدان', 'خیابان', 'منطقه'];
const KNOWN_PLACES = ['تهران', 'مشهد', 'اصفهان', 'شیراز', 'تبریز', 'کرج', 'اهواز', 'قم', 'کرمان', 'رشت', 'ارومیه', 'زاهدان', 'همدان', 'یزد', 'اردبیل', 'بندرعباس', 'کرمانشاه', 'ایران', 'عراق', 'ترکیه', 'روسیه', 'چین', 'آمریکا', 'اروپا', 'افغانستان', 'عمان', 'قطر', 'عربستان', 'امارات', 'پاکستان', 'خوزستان', 'مازندران', 'گیلان', 'فارس', 'بوشهر', 'هرمزگان'];
const MONTHS = ['فروردین', 'اردیبهشت', 'خرداد', 'تیر', 'مرداد', 'شهریور', 'مهر', 'آبان', 'آذر', 'دی', 'بهمن', 'اسفند', 'ژانویه', 'فوریه', 'مارس', 'آوریل', 'مه', 'ژوئن', 'ژوئیه', 'اوت', 'سپتامبر', 'اکتبر', 'نوامبر', 'دسامبر'];
const DAYS = ['شنبه', 'یکشنبه', 'دوشنبه', 'سه شنبه', 'چهارشنبه', 'پنجشنبه', 'جمعه', 'امروز', 'دیروز', 'بامداد', 'امشب'];
const ATTRIBUTION = ['به گزارش', 'به گفته', 'اعلام کرد', 'گفت', 'افزود', 'تاکید کرد', 'تصریح کرد', 'اعلام شد', 'خبر داد', 'بر اساس'];
const CHATTER = /(@[A-Za-z][A-Za-z0-9_]{3,}|t\.me\/|#[\p{L}_]+|عضو\s*شوید|بپیوندید|کانال\s*ما|ما\s*را\s*دنبال\s*کنید|\p{Extended_Pictographic})/u;

const norm = (list: string[]) => list.map((w) => normalizePersian(w));
const PERSON_N = norm(PERSON);
const ORG_N = norm(ORGANISATION);
const PLACE_N = norm(PLACE);
const KNOWN_N = norm(KNOWN_PLACES);
const MONTHS_N = norm(MONTHS);
const DAYS_N = norm(DAYS);
const ATTR_N = norm(ATTRIBUTION);

const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}.]+/u).filter(Boolean);

/** Names in a text: the word (or two) after a title, an organisation or a place word, and known places. */
export function namesIn(text: string): string[] {
  const words = wordsOf(normalizePersian(text));
  const names = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const one = words[i];
    const two = i + 1 < words.length ? `${one} ${words[i + 1]}` : '';
    const marker = [...PERSON_N, ...ORG_N, ...PLACE_N].find((m) => m === one || m === two);
    if (marker) {
      const at = i + marker.split(' ').length;
      const name = words[at];
      if (name && !/^\d/.test(name) && name.length > 1) names.add(`${marker} ${name}`);
    }
    if (KNOWN_N.includes(one)) names.add(one);
  }
  return [...names];
}

/** The name words a rewrite must keep: each name's last word ('استان کرمان' → 'کرمان'). */
export function nameWords(text: string): string[] {
  return [...new Set(namesIn(text).map((n) => n.split(' ').at(-1)!))];
}

/**
 * The inside of the first complete <p>…</p>, found by indexOf: a pattern tried from each '<p'
 * rescans the rest of a body of unclosed paragraphs once per '<p'.
 */
function firstParagraphHtml(html: string): string | undefined {
  const open = /<p[\s>]/i.exec(html);
  if (!open) return undefined;
  const start = html.indexOf('>', open.index);
  const end = start < 0 ? -1 : html.toLowerCase().indexOf('</p>', start);
  return end < 0 ? undefined : html.slice(start + 1, end);
}

export function scoreArticle(article: { title: string; content: string }): QualityScore & { words: number } {
  const html = article.content;
  const plain = stripHtml(html);
  const normal = normalizePersian(`${article.title}\n${plain}`);
  const words = wordsOf(normalizePersian(plain)).length;
  const names = namesIn(`${article.title}\n${plain}`);
  const numbers = new Set(normal.match(/\d+(?:[.,]\d+)*/g) ?? []).size;
  const dates = MONTHS_N.filter((m) => new RegExp(`(^|\\s)${m}(\\s|$)`).test(normal)).length + DAYS_N.filter((d) => normal.includes(d)).length;
  const attributions = ATTR_N.filter((a) => normal.includes(a)).length;
  // «[^«»]: a quote ends before the next opening mark, so a text of lone « is read once, not once per «.
  const quotes = (plain.match(/«[^«»]{5,}»/g) ?? []).length;
  const issues: string[] = [];

  const specificityScore = clamp(names.length * 2 + Math.min(numbers, 3) * 0.7 + Math.min(dates, 2));
  if (!names.length) issues.push('نام هیچ شخص، مکان یا سازمانی در متن نیامده است؛ خواننده نمی‌داند خبر دربارهٔ چه کسی یا کجاست.');
  else if (names.length < 3) issues.push(`فقط ${fa(names.length)} نام مشخص (شخص، مکان یا سازمان) در متن آمده است.`);

  const factualContentScore = clamp(Math.min(numbers, 4) * 1.5 + Math.min(dates, 2) * 1.5 + Math.min(attributions, 2) * 1.5 + Math.min(quotes, 1));
  if (!numbers) issues.push('متن هیچ عدد یا آماری ندارد.');
  if (!dates) issues.push('زمان رویداد (روز یا تاریخ) در متن مشخص نیست.');
  if (!attributions && !quotes) issues.push('منبع خبر یا گویندهٔ سخن ذکر نشده است.');

  // A news story reads complete from about 120 words; a brief under 50 leaves questions open.
  const lengthScore = clamp(words < 25 ? 1 : words < 50 ? 3 : words < 80 ? 5.5 : words < 120 ? 7.5 : words <= 900 ? 10 : words <= 1800 ? 8 : 6);
  if (words < 80) issues.push(`متن کوتاه است (${fa(words)} واژه؛ یک خبر کامل دست‌کم ۸۰ واژه دارد).`);
  else if (words > 1800) issues.push(`متن برای یک خبر بسیار بلند است (${fa(words)} واژه).`);

  const paragraphs = (html.match(/<p[\s>]/g) ?? []).length || plain.split(/\n{2,}/).filter((p) => p.trim()).length;
  const firstParagraph = firstParagraphHtml(html) ?? plain.split(/\n{2,}/)[0] ?? '';
  const leadWords = wordsOf(stripHtml(firstParagraph)).length;
  const chatter = CHATTER.test(plain);
  let structure = 0;
  structure += paragraphs >= 3 ? 4 : paragraphs === 2 ? 3 : 1.5;
  structure += leadWords >= 12 && leadWords <= 70 ? 3 : leadWords > 0 ? 1.5 : 0;
  structure += chatter ? 0 : 3;
  const structureScore = clamp(structure);
  if (paragraphs < 2) issues.push('متن یک پاراگراف است و بخش‌بندی ندارد.');
  if (leadWords < 12) issues.push('لید (پاراگراف نخست) خلاصهٔ روشنی از خبر نمی‌دهد.');
  else if (leadWords > 70) issues.push('لید بیش از حد بلند است.');
  if (chatter) issues.push('نشانه‌های کانال (شناسه، هشتگ، شکلک یا دعوت به عضویت) در متن مانده است.');

  const overallScore = clamp(specificityScore * 0.3 + factualContentScore * 0.3 + lengthScore * 0.2 + structureScore * 0.2);
  return { overallScore, specificityScore, factualContentScore, lengthScore, structureScore, issues, words };
}

/** Below this overall score an article is rewritten (the weak, red band). */
export const REWRITE_BELOW = 6;
