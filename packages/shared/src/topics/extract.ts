// Topics of a Persian news text, without a model: the phrases it repeats or names, kept whole
// ('بانک مرکزی', 'لیگ برتر'), as the text spells them (ZWNJ kept), never a stop word.
import { normalizePersian } from '../text/normalize.ts';
import { isKnownName, isNameHead } from './names.ts';
import { isTopic, tidyTopic, topicKey } from './phrase.ts';
import { GENERIC_WORDS, isEdgeBlocked, isPrefixedVerb } from './stopwords.ts';

interface Token {
  surface: string;
  norm: string;
  /** Cannot open or close a phrase. */
  edge: boolean;
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
}

const MAX_WORDS = 4;
// Phrases never cross punctuation, a line or a quote.
const CLAUSE_BREAK = /[\n.!?؟…،,؛;:«»"“”()[\]{}\-–—|•*]+/;
const NOISE = /https?:\/\/\S+|www\.\S+|(?:t|telegram)\.me\/\S+|@[A-Za-z]\w+|#[\p{L}\p{N}\p{M}_\u200c]+|\p{Extended_Pictographic}/gu;

function tokens(clause: string): Token[] {
  return clause
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}\p{M}]+$/gu, '').replace(/^\u200c+|\u200c+$/g, ''))
    .filter(Boolean)
    .map((surface) => {
      const norm = normalizePersian(surface);
      const edge = isEdgeBlocked(norm) || isEdgeBlocked(topicKey(surface)) || isPrefixedVerb(norm);
      return { surface, norm, edge };
    });
}

/** Every phrase of one to four words that opens and closes on a content word. */
function collect(text: string, into: Map<string, Candidate>, offset = 0): void {
  text.replace(NOISE, ' ').split(CLAUSE_BREAK).forEach((clause, c) => {
    const words = tokens(clause);
    words.forEach((start, i) => {
      if (start.edge) return;
      for (let n = 1; n <= MAX_WORDS && i + n <= words.length; n++) {
        const seq = words.slice(i, i + n);
        const last = seq[n - 1];
        // Inside a name only 'و' joins content words ('آموزش و پرورش'); another function word ends it.
        if (n > 2 && seq.slice(1, -1).some((t) => t.edge && t.norm !== 'و')) break;
        if (last.edge) continue;
        const surface = tidyTopic(seq.map((t) => t.surface).join(' '));
        const key = topicKey(surface);
        const entry = into.get(key);
        if (entry) {
          entry.count++;
          entry.spans.push([offset + c, i]);
        } else {
          into.set(key, { surface, key, size: n, count: 1, first: into.size, spans: [[offset + c, i]], partKeys: partKeys(seq) });
        }
      }
    });
  });
}

/** Keys of the shorter phrases inside a phrase of these words. */
function partKeys(seq: Token[]): string[] {
  const keys: string[] = [];
  for (let n = 1; n < seq.length; n++) {
    for (let i = 0; i + n <= seq.length; i++) keys.push(topicKey(seq.slice(i, i + n).map((t) => t.surface).join(' ')));
  }
  return keys;
}

/**
 * A name opened by a head noun ('وزارت بهداشت', 'سازمان فناوری اطلاعات'): two or three words,
 * those after the head not generic prose, save adjectives ('کمیسیون امور داخلی').
 */
function isHeadName(c: Candidate): boolean {
  const [head, ...rest] = normalizePersian(c.surface).split(' ');
  if (c.size > 3 || !isNameHead(head)) return false;
  // 'بازار سرمایه سبزپوش': a known name followed by something else is the name alone.
  if (c.size === 3 && isKnownName(c.surface.split(' ').slice(0, 2).join(' '))) return false;
  return rest.every((w) => !GENERIC_WORDS.has(w) || /ی$/.test(w));
}

/** Repeated words, names, and phrases the title shares with the body. */
function qualifies(c: Candidate, inTitle: boolean): boolean {
  if (!isTopic(c.surface)) return false;
  if (c.size === 1) return c.count >= 3 || (c.count >= 2 && inTitle);
  return isKnownName(c.key) || isHeadName(c) || c.count >= 2;
}

function score(c: Candidate, inTitle: boolean): number {
  return c.count * (1 + 0.5 * (c.size - 1)) + (inTitle ? 1.5 : 0) + (isKnownName(c.key) ? 1.5 : 0);
}

/** A phrase cut before what it qualified: 'پیامک‌های' reads 'پیامک‌ها', 'آلودگی هوای' 'آلودگی هوا'. */
function displayForm(surface: string): string {
  if (/ /.test(surface) && /[\u0621-\u06cc]{2}[او]ی$/.test(surface)) return surface.slice(0, -1);
  return surface.replace(/(ها)ی$/, '$1');
}

/** How many of a candidate's occurrences lie across a phrase already picked. */
function sharedSpans(candidate: Candidate, picked: Candidate[]): number {
  return candidate.spans.filter(([c, s]) => picked.some((p) => p.spans.some(([pc, ps]) => pc === c && s < ps + p.size && ps < s + candidate.size))).length;
}

/**
 * Up to `max` topics of a text: repeated words and phrases, names (known, or opened by a
 * head noun such as 'وزارت'), and phrases the title shares with the body, best first. A
 * word that appears mostly inside a chosen phrase is not chosen apart from it.
 */
export function extractTopics(text: string, opts: { title?: string; max: number }): string[] {
  const found = new Map<string, Candidate>();
  collect(text, found);
  const titled = new Map<string, Candidate>();
  if (opts.title) collect(opts.title, titled);
  const inTitle = (c: Candidate) => titled.has(c.key);

  const qualified = [...found.values()].filter((c) => qualifies(c, inTitle(c)));
  const suppressed = new Set<string>();
  for (const phrase of qualified) {
    for (const key of phrase.partKeys) {
      const part = found.get(key);
      if (part && part.count - phrase.count < 2) suppressed.add(key);
    }
  }
  const ranked = qualified
    .filter((c) => !suppressed.has(c.key))
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
