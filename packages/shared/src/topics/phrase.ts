// One topic phrase: tidied as written (ZWNJ kept), judged (is it a topic?) and keyed, so the
// plural and possessive forms of one topic ('بازی‌ها', 'بازی') count as one.
import { CATEGORIES } from '../text/categories.ts';
import { normalizePersian } from '../text/normalize.ts';
import { AFTER_HEH, SUFFIXES, topicKey } from './key.ts';
import { isKnownName } from './names.ts';
import { GENERIC_WORDS, isEdgeBlocked, isFunctionWord, isPrefixedVerb, isStopword } from './stopwords.ts';

const ZWNJ = '\u200c';
const PREFIXES = new Set(['می', 'نمی']);
const ENDINGS: ReadonlySet<string> = new Set([...SUFFIXES, ...AFTER_HEH]);
const LATIN = /[A-Za-z]/;
const PERSIAN_LETTER = /[\u0620-\u064a\u066e-\u06d3\u06fa-\u06ff]/;
const CATEGORY_NAMES: ReadonlySet<string> = new Set(CATEGORIES.flatMap((c) => [normalizePersian(c.nameFa), c.slug]));

export { topicId, topicKey, topicMatcher, withoutEndings, wordForms } from './key.ts';

/**
 * A keyword as written by a channel, an editor or a model, tidied: '#', underscores and
 * stray punctuation gone, Arabic letters made Persian, spaces collapsed, and endings written
 * apart rejoined with a ZWNJ ('بازی ها' → 'بازی‌ها'), which hashtags ('#برنامه_بازی_ها') lose.
 */
export function tidyTopic(raw: string): string {
  const parts = raw
    .replace(/[\u064a\u0649]/g, 'ی')
    .replace(/\u0643/g, 'ک')
    .replace(/^[#\s]+/, '')
    .replace(/_+/g, ' ')
    .replace(/[«»"“”'()[\]{}.,،؛;:!?؟…*|\\/]+/g, ' ')
    .split(/\s+/)
    // The lookbehind starts the end run at its first ZWNJ, not at each (a long run is rescanned from each otherwise).
    .map((p) => p.replace(/^\u200c+|(?<!\u200c)\u200c+$/g, ''))
    .filter(Boolean);
  const out: string[] = [];
  for (const part of parts) {
    const prev = out.at(-1);
    if (prev !== undefined && (SUFFIXES.has(part) || (AFTER_HEH.has(part) && /ه$/.test(prev)))) out[out.length - 1] = `${prev}${ZWNJ}${part}`;
    else if (prev !== undefined && PREFIXES.has(prev)) out[out.length - 1] = `${prev}${ZWNJ}${part}`;
    else out.push(part);
  }
  return out.join(' ');
}

/**
 * Where a normalised Persian word written run together may be cut into two words a text writes
 * apart ('کمآبی': 'کم' and 'آبی'), as topicId joins them: pieces of two letters or more, neither
 * an ending written apart ('ها', 'ای': the word's forms cover those) and the second no prefix
 * ('می'). Which pieces are words is for the caller to look up.
 */
export function wordSplits(word: string): Array<[string, string]> {
  if (!/^[\u0620-\u06d3]{4,}$/.test(word)) return [];
  const splits: Array<[string, string]> = [];
  for (let i = 2; i <= word.length - 2; i++) {
    const [first, second] = [word.slice(0, i), word.slice(i)];
    if (!ENDINGS.has(first) && !ENDINGS.has(second) && !PREFIXES.has(second)) splits.push([first, second]);
  }
  return splits;
}

/** Whether a phrase is a category's name: the category already says it. */
export function isCategoryName(phrase: string): boolean {
  return CATEGORY_NAMES.has(normalizePersian(phrase));
}

/**
 * Whether a tidied phrase can be a topic: Persian, not a stop word, no verb, not a category
 * name, not opening or closing on a function word ('در تهران', 'گفت وزیر'), and not made
 * only of generic news words ('سال گذشته') unless it is a known name ('تیم ملی').
 */
export function isTopic(phrase: string): boolean {
  if (!phrase || LATIN.test(phrase) || !PERSIAN_LETTER.test(phrase)) return false;
  const words = phrase.split(' ').map((w) => normalizePersian(w)).filter(Boolean);
  if (!words.length || words.length > 5 || isCategoryName(phrase)) return false;
  const whole = words.join(' ');
  if (isKnownName(phrase)) return true;
  if (words.length === 1) {
    const [word] = words;
    const key = topicKey(word);
    return word.replace(/ /g, '').length >= 3 && !isStopword(word) && !isStopword(key) && !isPrefixedVerb(word);
  }
  const first = words[0];
  const last = words.at(-1)!;
  if (isEdgeBlocked(first) || isEdgeBlocked(last) || isEdgeBlocked(topicKey(last))) return false;
  // A Persian name opens on its noun: a generic adjective first ('جهانی غذا') is a cut phrase.
  if (GENERIC_WORDS.has(first) && /ی$/.test(first)) return false;
  if (words.some((w) => isPrefixedVerb(w))) return false;
  if (isStopword(whole) || isStopword(topicKey(phrase))) return false;
  // Inner function words join a name ('آموزش و پرورش', 'سنجش از دور'); two in a row do not.
  const content = words.filter((w) => !isFunctionWord(w));
  if (content.length < words.length / 2) return false;
  return content.some((w) => !GENERIC_WORDS.has(w) && !GENERIC_WORDS.has(topicKey(w)));
}
