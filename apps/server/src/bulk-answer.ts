// The answer to a bulk action on a chosen list (articles, comments): how many changed, how many
// were so already, how many ids named nothing (deleted meanwhile). One wording for every list.
import { toPersianDigits } from '@chapar/shared/text';
import { notFound } from './errors.ts';

/** The forms of the noun a list is made of. */
export interface BulkNoun {
  /** 'مقاله', 'نظر' */
  one: string;
  /** With the ezafe, before an adjective: 'مقالهٔ', 'نظر' */
  linked: string;
  /** After «هیچ»: 'مقاله‌ای', 'نظری' */
  any: string;
  /** 'مقاله‌های', 'نظرهای' */
  plural: string;
}

/** None of the chosen ids named anything: a Persian 404. */
export const noneFound = (noun: BulkNoun) =>
  notFound(`هیچ‌یک از ${noun.plural} انتخاب‌شده پیدا نشد؛ شاید پیش‌تر حذف شده باشند. فهرست را دوباره بارگذاری کنید`);

/** Chosen ids that name nothing, said after the rest ('' when there are none). */
export const missingWords = (noun: BulkNoun, n: number) => (n > 0 ? `؛ ${toPersianDigits(n)} ${noun.linked} انتخاب‌شده پیدا نشد` : '');

/**
 * The three parts: what changed (`done`, given the count in Persian digits and whether it is more
 * than one), what was so before (`wasSo`: «از پیش ویژه», completed with «بود»/«بودند»), what was missing.
 */
export function bulkMessage(noun: BulkNoun, counts: { changed: number; already: number; missing: number }, words: { done: (n: string, many: boolean) => string; wasSo: string }): string {
  const { changed, already } = counts;
  const wasSo = `${words.wasSo} ${already > 1 ? 'بودند' : 'بود'}`;
  const missing = missingWords(noun, counts.missing);
  if (!changed) return `هیچ ${noun.any} تغییر نکرد؛ ${already > 1 ? `هر ${toPersianDigits(already)} ${noun.one}` : `این ${noun.one}`} ${wasSo}${missing}`;
  const others = already > 0 ? `؛ ${toPersianDigits(already)} ${noun.linked} دیگر ${wasSo}` : '';
  return `${words.done(toPersianDigits(changed), changed > 1)}${others}${missing}`;
}
