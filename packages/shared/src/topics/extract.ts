// Topics of a Persian news text, without a model: the phrases it repeats or names, kept whole
// ('بانک مرکزی', 'لیگ برتر'), as the text spells them (ZWNJ kept), never a stop word.
import { normalizePersian } from '../text/normalize.ts';
import { isKnownName, isNameHead } from './names.ts';
import { isTopic, tidyTopic, topicKey } from './phrase.ts';
import { GENERIC_WORDS, isEdgeBlocked, isFunctionWord, isPrefixedVerb } from './stopwords.ts';

interface Token {
  surface: string;
  /** Cannot open or close a phrase (a function, weak or verb word). */
  edge: boolean;
  /** Ends a phrase even inside it (a function word other than 'و'). */
  stop: boolean;
}

interface Candidate {
  surface: string;
  key: string;
  size: number;
  count: number;
  first: number;
  /** [clause, start] of each occurrence, to tell overlapping phrases apart. */
  spans: Array<[number, number]>;
  partKeys: string[];
  /** Every occurrence is followed by another content word: a name cut short ('کمیسیون امور'). */
  cut: boolean;
}

const MAX_WORDS = 4;
// Phrases never cross punctuation, a line or a quote.
const CLAUSE_BREAK = /[\n.!?؟…،,؛;:«»"“”()[\]{}\-–—|•*]+/;
const NOISE = /https?:\/\/\S+|www\.\S+|(?:t|telegram)\.me\/\S+|@[A-Za-z]\w+|#[\p{L}\p{N}\p{M}_\u200c]+|\p{Extended_Pictographic}/gu;

function tokens(clause: string): Token[] {
  return clause
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|(?<![^\p{L}\p{N}\p{M}])[^\p{L}\p{N}\p{M}]+$/gu, '').replace(/^\u200c+|(?<!\u200c)\u200c+$/g, ''))
    .filter(Boolean)
    .map((surface) => {
      const norm = normalizePersian(surface);
      const verb = isPrefixedVerb(norm);
      return { surface, edge: verb || isEdgeBlocked(norm) || isEdgeBlocked(topicKey(surface)), stop: verb || (isFunctionWord(norm) && norm !== 'و') };
    });
}

const join = (seq: Token[]) => tidyTopic(seq.map((t) => t.surface).join(' '));

/** Keys of the shorter phrases inside a phrase of these words. */
function partKeys(seq: Token[]): string[] {
  const keys: string[] = [];
  for (let n = 1; n < seq.length; n++) {
    for (let i = 0; i + n <= seq.length; i++) keys.push(topicKey(join(seq.slice(i, i + n))));
  }
  return keys;
}

/** Every phrase of one to four words that opens and closes on a content word (or is a known name). */
function collect(text: string): Map<string, Candidate> {
  const found = new Map<string, Candidate>();
  text.replace(NOISE, ' ').split(CLAUSE_BREAK).forEach((clause, c) => {
    const words = tokens(clause);
    words.forEach((start, i) => {
      if (start.edge && !isKnownName(join(words.slice(i, i + 2)))) return;
      for (let n = 1; n <= MAX_WORDS && i + n <= words.length; n++) {
        const seq = words.slice(i, i + n);
        const surface = join(seq);
        // Inside a name only 'و' joins content words ('آموزش و پرورش'); another function word
        // ends it, unless the name is known ('دیابت نوع دو').
        if (n > 2 && seq.slice(1, -1).some((t) => t.stop) && !isKnownName(surface)) break;
        if ((seq[0].edge || seq[n - 1].edge) && !isKnownName(surface)) continue;
        const key = topicKey(surface);
        const next = words[i + n];
        const cut = next !== undefined && !next.edge;
        const entry = found.get(key);
        if (entry) {
          entry.count++;
          entry.spans.push([c, i]);
          entry.cut &&= cut;
        } else {
          found.set(key, { surface, key, size: n, count: 1, first: found.size, spans: [[c, i]], partKeys: partKeys(seq), cut });
        }
      }
    });
  });
  return found;
}

/**
 * A name opened by a head noun ('وزارت بهداشت', 'سازمان فناوری اطلاعات'): two or three words,
 * those after the head not generic prose, save adjectives ('کمیسیون امور داخلی'); a two-word
 * one not cut from a longer name, a three-word one repeated or in the title.
 */
function isHeadName(c: Candidate, inTitle: boolean): boolean {
  const [head, ...rest] = normalizePersian(c.surface).split(' ');
  if (c.size > 3 || !isNameHead(head)) return false;
  if (!rest.every((w) => !GENERIC_WORDS.has(w) || /ی$/.test(w))) return false;
  // 'بازار سرمایه سبزپوش': a known name followed by something else is the name alone.
  if (c.size === 3) return (c.count >= 2 || inTitle) && !isKnownName(c.surface.split(' ').slice(0, 2).join(' '));
  return !c.cut || c.count >= 2;
}

/** Repeated words, names, and phrases the title shares with the body. */
function qualifies(c: Candidate, inTitle: boolean): boolean {
  if (!isTopic(c.surface)) return false;
  // An adjective written with 'ای' ('نقطه‌ای', 'رایانه‌ای') names nothing alone.
  if (c.size === 1) return !/\u200cای$/.test(c.surface) && (c.count >= 3 || (c.count >= 2 && inTitle));
  if (isKnownName(c.key)) return true;
  // Four words make a name only with 'و' inside ('پارک علم و فناوری'); a phrase ending on an
  // ezafe ('واکسیناسیون گروه‌های') is cut from a longer one.
  if (c.size === 4 && !/ و /.test(c.surface)) return false;
  if (/های$/.test(c.surface)) return false;
  return isHeadName(c, inTitle) || c.count >= 2;
}

function score(c: Candidate, inTitle: boolean): number {
  return c.count * (1 + 0.5 * (c.size - 1)) + (inTitle ? 1.5 : 0) + (isKnownName(c.key) ? 1.5 : 0);
}

/** A phrase cut before what it qualified: 'پیامک‌های' reads 'پیامک‌ها', 'آلودگی هوای' 'آلودگی هوا'. */
function displayForm(surface: string): string {
  if (/ /.test(surface) && /[\u0621-\u06cc]{2}[او]ی$/.test(surface)) return surface.slice(0, -1);
  return surface.replace(/(ها)ی$/, '$1');
}

/**
 * Whether a phrase straddles a name's edge in most of its occurrences ('مرحله نهایی کاپ' across
 * 'کاپ آسیا'): it overlaps the name without containing it or lying inside it.
 */
function straddles(c: Candidate, names: Candidate[]): boolean {
  const across = c.spans.filter(([cc, cs]) => names.some((n) => n !== c && n.spans.some(([nc, ns]) => {
    if (nc !== cc || cs >= ns + n.size || ns >= cs + c.size) return false;
    const inside = cs >= ns && cs + c.size <= ns + n.size;
    const around = ns >= cs && ns + n.size <= cs + c.size;
    return !inside && !around;
  }))).length;
  return across * 2 > c.spans.length;
}

/** How many of a candidate's occurrences lie across a phrase already picked. */
function sharedSpans(candidate: Candidate, picked: Candidate[]): number {
  return candidate.spans.filter(([c, s]) => picked.some((p) => p.spans.some(([pc, ps]) => pc === c && s < ps + p.size && ps < s + candidate.size))).length;
}

/**
 * A phrase that only puts a generic word before a name found as often ('قیمت سکه امامی'
 * beside 'سکه امامی') gives way to it. A head noun ('سازمان بیمه سلامت') is no padding, nor
 * is a known name ('نرخ تورم').
 */
function padded(c: Candidate, found: Map<string, Candidate>, isName: (phrase: string) => boolean): boolean {
  const words = c.surface.split(' ');
  // A generic word after a name ('خودروی برقی تولید', 'کاپ آسیا صعود') pads it too.
  if (words.length >= 3 && GENERIC_WORDS.has(normalizePersian(words.at(-1)!)) && isName(words.slice(0, -1).join(' '))) return true;
  const [first, ...rest] = words;
  const norm = normalizePersian(first);
  if (rest.length < 2 || !GENERIC_WORDS.has(norm) || isNameHead(norm) || isKnownName(c.surface)) return false;
  const core = found.get(topicKey(rest.join(' ')));
  return !!core && core.count >= c.count && isTopic(core.surface);
}

/**
 * Up to `max` topics of a text: repeated words and phrases, names (known, or opened by a
 * head noun such as 'وزارت'), and phrases the title shares with the body, best first. A
 * word that appears mostly inside a chosen phrase is not chosen apart from it.
 */
export function extractTopics(text: string, opts: { title?: string; max: number; names?: readonly string[] }): string[] {
  const found = collect(text);
  const titled = opts.title ? collect(opts.title) : new Map<string, Candidate>();
  const inTitle = (c: Candidate) => titled.has(c.key);
  // Names of this text: the known ones and those given with it (hashtags, a model's keywords).
  const given = new Set((opts.names ?? []).map((n) => topicKey(n)));
  const isName = (phrase: string) => isKnownName(phrase) || given.has(topicKey(phrase));
  const names = [...found.values()].filter((c) => c.size > 1 && isName(c.key));

  const qualified = [...found.values()].filter((c) => qualifies(c, inTitle(c)) && (names.includes(c) || !straddles(c, names)));
  const suppressed = new Set<string>();
  for (const phrase of qualified) {
    if (padded(phrase, found, isName)) continue;
    for (const key of phrase.partKeys) {
      const part = found.get(key);
      if (part && part.count - phrase.count < 2) suppressed.add(key);
    }
  }
  const ranked = qualified
    .filter((c) => !suppressed.has(c.key) && !padded(c, found, isName))
    .sort((a, b) => score(b, inTitle(b)) - score(a, inTitle(a)) || a.first - b.first);

  const picked: Candidate[] = [];
  for (const candidate of ranked) {
    // 'مرکزی ایران' is not a second topic beside 'بانک مرکزی' of 'بانک مرکزی ایران'.
    const others = picked.filter((p) => p.size > 1 && !p.partKeys.includes(candidate.key));
    const shared = sharedSpans(candidate, others);
    if (shared && shared * 2 >= candidate.spans.length) continue;
    picked.push(candidate);
  }
  // A word inside a chosen name ('دریا' beside 'دریای خزر') adds nothing.
  const chosen = picked.filter((c) => c.size > 1 || !picked.some((p) => p.partKeys.includes(c.key)));
  return chosen.slice(0, opts.max).map((c) => displayForm(c.surface));
}
