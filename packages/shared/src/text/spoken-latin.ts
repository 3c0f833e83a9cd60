// Latin words and acronyms in a Persian sentence, read in Persian: a Persian voice that meets
// 'COVID-19' or 'G7' switches to an English one mid-sentence. Known words are said as a
// newsreader says them (spoken-tables.ts), acronyms by their letter names ('جی هفت'), other
// words written in Persian letters as they sound.
import { integerToWordsFa } from './number-words.ts';
import { INITIAL_VOWELS, LATIN_SOUNDS, LETTER_NAMES, PRONUNCIATIONS } from './spoken-tables.ts';

/**
 * A Latin token, with its digits and joiners: 'COVID-19', 'G7', '5G', 'F-16', 'Wi-Fi', or dotted
 * initials 'U.S.'. One that opens with digits starts where they do (the lookbehind): a long run of
 * digits is scanned once, not once per digit.
 */
export const LATIN_TOKEN_RE = /(?:[A-Za-z]\.){2,}|(?:(?<!\d)\d+[A-Za-z]|[A-Za-z])[A-Za-z0-9]*(?:(?:[-'’&/]|\.(?=[A-Za-z]))[A-Za-z0-9]+)*/g;

const VOWEL = /[aeiouy]/i;

/** A word said letter by letter: short, all capitals, or without a vowel. */
function isAcronym(word: string): boolean {
  return word.length <= 2 || (word === word.toUpperCase() && word.length <= 5) || !VOWEL.test(word);
}

export function letterNames(word: string): string {
  return [...word.toLowerCase()].map((c) => LETTER_NAMES[c] ?? '').filter(Boolean).join(' ');
}

/** A Latin word in Persian letters, as it sounds: 'Tesla' → 'تسلا', 'akhbar' → 'اخبار'. */
export function transliterate(word: string): string {
  const lower = word.toLowerCase();
  let out = '';
  let i = 0;
  if (INITIAL_VOWELS[lower[0]]) {
    out = INITIAL_VOWELS[lower[0]];
    i = 1;
  }
  while (i < lower.length) {
    const [from, to] = LATIN_SOUNDS.find(([letters]) => lower.startsWith(letters, i)) ?? [lower[i], ''];
    // A final 'e' is silent; 'a' at a word's end is written.
    out += from === 'e' && i === lower.length - 1 ? '' : to;
    i += from.length;
  }
  return out;
}

function readPart(part: string): string {
  if (/^\d+$/.test(part)) return integerToWordsFa(part);
  const known = PRONUNCIATIONS[part.toLowerCase()];
  if (known) return known;
  return isAcronym(part) ? letterNames(part) : transliterate(part);
}

/** One Latin token in Persian: 'COVID-19' → 'کووید نوزده', 'G7' → 'جی هفت', 'U.S.' → 'یو اس'. */
export function readLatinToken(token: string): string {
  const known = PRONUNCIATIONS[token.toLowerCase()];
  if (known) return known;
  const parts = token
    .replace(/&/g, ' and ')
    .split(/[-'’/.\s]+/)
    .flatMap((p) => p.match(/\d+|[A-Za-z]+/g) ?? [])
    .filter(Boolean);
  return parts.map((p) => (p.toLowerCase() === 'and' ? 'اند' : readPart(p))).join(' ');
}

/** Every Latin token of a line read in Persian. */
export function speakLatinFa(text: string): string {
  return text.replace(LATIN_TOKEN_RE, (token) => ` ${readLatinToken(token)} `).replace(/[ \t]+/g, ' ').trim();
}
