// The key two spellings of one topic share, so its plural and possessive forms count once.
import { normalizePersian } from '../text/normalize.ts';

/** Pieces written apart from the word they belong to ('بازی ها', 'کشور مان'). */
export const SUFFIXES: ReadonlySet<string> = new Set(['ها', 'های', 'هایی', 'تر', 'ترین', 'ام', 'ات', 'اش', 'مان', 'تان', 'شان']);
/** 'ی'/'ای' after a final silent ه: 'خانه‌ی', 'برنامه‌ای'. */
export const AFTER_HEH: ReadonlySet<string> = new Set(['ی', 'ای']);
// Tokens the key drops: plural and possessive endings written apart.
const KEY_DROP: ReadonlySet<string> = new Set([...SUFFIXES, ...AFTER_HEH].filter((s) => s !== 'تر' && s !== 'ترین'));
// Words ending in 'ها' that are not plurals.
const NOT_PLURAL = new Set(['تنها', 'رها', 'بها', 'اجاره بها', 'صدها', 'انتها', 'ابتها']);

/** A normalised word without its joined plural ending or ezafe. */
function stem(word: string): string {
  if (word.length >= 5 && /های?$/.test(word) && !NOT_PLURAL.has(word)) return word.replace(/های?$/, '');
  // The plural of people after a silent ه: 'بازنشستگان' → 'بازنشسته', 'نمایندگان' → 'نماینده'.
  if (word.length >= 7 && word.endsWith('گان')) return `${word.slice(0, -3)}ه`;
  // Ezafe after a long vowel: 'آسیای' → 'آسیا', 'دانشجوی' → 'دانشجو'.
  if (word.length >= 4 && /[او]ی$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The normalised words of a phrase, each with its written-apart endings dropped. */
function keyWords(normalised: string): string[] {
  const tokens = normalised.split(' ').filter(Boolean);
  const kept: string[] = [];
  for (const token of tokens) {
    if (kept.length && KEY_DROP.has(token)) continue;
    kept.push(token);
  }
  return kept.map(stem);
}

/**
 * The key two spellings of one topic share: normalised (Arabic letters, diacritics, ZWNJ)
 * with plural and possessive endings dropped: 'گروه‌های پرخطر' and 'گروه پرخطر' meet.
 */
export function topicKey(phrase: string): string {
  const normalised = normalizePersian(phrase);
  return NOT_PLURAL.has(normalised) ? normalised : keyWords(normalised).join(' ');
}


/**
 * The key every spelling of one topic shares, written with a ZWNJ, a space or neither
 * ('کم‌آبی', 'کم آبی', 'کمآبی'): topicKey without its spaces. For counting and merging only;
 * phrases are compared word by word through topicKey.
 */
export function topicId(phrase: string): string {
  return topicKey(phrase).replace(/ /g, '');
}

/** Words a topic's mention may span in a text: a name of five words, each possibly split at a ZWNJ. */
const MAX_SPAN = 10;

/**
 * Finds mentions of known topics (by topicId) in normalised text ('searchTitle'), longest first
 * and not overlapping: with 'بانک مرکزی' and 'بانک' known, 'بانک مرکزی ایران' mentions the first.
 * Builds each phrase's id word by word, so it costs a few string joins a word.
 */
export function topicMatcher(ids: Iterable<string>): (normalised: string) => Set<string> {
  const known = new Set(ids);
  const prefixes = new Set<string>();
  for (const id of known) for (let i = 1; i <= id.length; i++) prefixes.add(id.slice(0, i));
  return (normalised) => {
    const words = normalised.split(' ').filter(Boolean);
    const found = new Set<string>();
    for (let i = 0; i < words.length;) {
      let id = '';
      let end = -1;
      let match = '';
      for (let j = i; j < words.length && j < i + MAX_SPAN; j++) {
        if (j > i && KEY_DROP.has(words[j])) {
          if (known.has(id)) [end, match] = [j, id];
          continue;
        }
        id += stem(words[j]);
        if (known.has(id)) [end, match] = [j, id];
        if (!prefixes.has(id)) break;
      }
      if (end < 0) {
        i++;
        continue;
      }
      found.add(match);
      i = end + 1;
    }
    return found;
  };
}

/** A query's normalised words without the endings written apart that topicKey drops ('بازی ها' → 'بازی'). */
export function withoutEndings(words: readonly string[]): string[] {
  return words.filter((word, i) => i === 0 || !KEY_DROP.has(word));
}

/**
 * The written forms of a normalised Persian word that topicKey takes for one ('بازی', 'بازیها',
 * 'بازیهای'; 'بازنشسته', 'بازنشستگان'; 'آسیا', 'آسیای'), the word first; a short or non-Persian
 * word is only itself.
 */
export function wordForms(word: string): string[] {
  if (word.length < 3 || !/^[\u0620-\u06d3]+$/.test(word) || NOT_PLURAL.has(word)) return [word];
  const base = stem(word);
  const forms = [word, base, `${base}ها`, `${base}های`];
  if (base.length >= 6 && base.endsWith('ه')) forms.push(`${base.slice(0, -1)}گان`);
  if (/[او]$/.test(base)) forms.push(`${base}ی`);
  return [...new Set(forms)].filter((f) => stem(f) === base);
}
