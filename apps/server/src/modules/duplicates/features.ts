// What the duplicate detector reads from a text: normalised Persian words (channel
// chatter, emoji, hashtags' marks, links and stop words gone), the numbers, the words
// that name the story (keywords) and a MinHash signature of the words, so that two
// reports of one story compare alike however they are worded or ordered.
import { normalizePersian, stripHtml } from '@chapar/shared/text';
import { cleanPostText } from '../../integrations/ai/index.ts';
import { isStopword } from '../../integrations/ai/stopwords.ts';
import { minhash, wordBloom } from './minhash.ts';

export interface TextFeatures {
  /** The normalised title (or first line), for the fuzzy title comparison. */
  title: string;
  /** The content words of the title and body, normalised and without stop words. */
  words: string[];
  /** Distinct numbers as written after normalisation ('5.2', '1250000'). */
  numbers: string[];
  /** The words that best name the story: title words first, then the body's most frequent. */
  keywords: string[];
  /** The title's own words (no numbers): what names the event. */
  titleWords: string[];
  minhash: Uint32Array;
  /** MinHashes of the leads (the first LEAD_WORDS distinct words of each size) at most half the whole text. */
  leads: Uint32Array[];
  /** Every content word, for 'does the other text mention this?'. */
  bloom: Uint32Array;
  wordCount: number;
}

// Letters and digits only: punctuation, quotes and what normalisation left of symbols go.
const NON_WORD_RE = /[^\p{L}\p{N}.\s]/gu;
const KEYWORD_COUNT = 12;
/** Leads' sizes in distinct words: about a first sentence, and a headline with two sentences (what a short post repeats). */
export const LEAD_WORDS = [12, 30];

// Persian inflections that do not change what a word names ('زلزله‌ها' → 'زلزله').
const SUFFIXES = ['های', 'ها', 'ترین', 'تر', 'ات'];

export function stem(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.length > suffix.length + 2 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

/** Plain text cleaned of channel chatter (signatures, links, mentions, emoji, hashtag lines). */
export function cleanText(text: string): string {
  return cleanPostText(text);
}

/** Normalised content words, in order (numbers kept as words too). */
export function contentWords(text: string): string[] {
  const normal = normalizePersian(text).replace(NON_WORD_RE, ' ');
  const words: string[] = [];
  for (const raw of normal.split(/\s+/)) {
    const token = raw.replace(/^\.+|\.+$/g, '');
    if (!token || token.length < 2 && !/\d/.test(token)) continue;
    if (isStopword(token)) continue;
    words.push(stem(token));
  }
  return words;
}

const SCALES: Record<string, number> = { هزار: 1e3, میلیون: 1e6, میلیارد: 1e9, تریلیون: 1e12 };
// A figure as written: digits, then any scale words ('۱۴ هزار میلیارد'), then perhaps
// 'و' and a smaller part ('۸ هزار و ۵۰۰'), so '۸ هزار و ۵۰۰' and '8,500' read alike.
const FIGURE_RE = /(\d+(?:[.,]\d+)*)((?:\s*(?:هزار|میلیون|میلیارد|تریلیون))*)(?:\s+و\s+(\d+(?:[.,]\d+)*)((?:\s*(?:هزار|میلیون|میلیارد))*))?/g;

function plainValue(written: string): string {
  const value = /^\d{1,3}(,\d{3})+$/.test(written) ? written.replace(/,/g, '') : written.replace(/,/g, '.');
  return value.replace(/^0+(?=\d)/, '');
}

const scaleOf = (words: string | undefined) => (words ?? '').trim().split(/\s+/).filter(Boolean).reduce((m, w) => m * (SCALES[w] ?? 1), 1);
const formatValue = (n: number) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000));

/**
 * Numbers of a text: thousands separators dropped, decimals kept whole ('۵٫۲' → '5.2'),
 * scale words multiplied in ('۱۲۰ هزار' → '120000', '۸ هزار و ۵۰۰' → '8500').
 */
export function numbersIn(text: string): string[] {
  const normal = normalizePersian(text);
  const found = new Set<string>();
  for (const match of normal.matchAll(FIGURE_RE)) {
    const [, head, headScale, tail, tailScale] = match;
    const scale = scaleOf(headScale);
    if (scale === 1) {
      found.add(plainValue(head));
      // 'و' after a bare number joins two figures, not two parts of one.
      if (tail) found.add(scaleOf(tailScale) === 1 ? plainValue(tail) : formatValue(Number(plainValue(tail)) * scaleOf(tailScale)));
      continue;
    }
    let value = Number(plainValue(head)) * scale;
    if (tail) {
      const part = Number(plainValue(tail)) * scaleOf(tailScale);
      // '۲ میلیون و ۳۰۰ هزار' is one figure; '۲ هزار و ۵ میلیون' two.
      if (part < scale) value += part; else found.add(formatValue(part));
    }
    found.add(formatValue(value));
  }
  return [...found];
}

/**
 * The figures that tell one event from another: values of 10 and more, or with a
 * decimal part ('۳ نفر' or '۲ روز' are in every other story).
 */
export function distinctiveFigures(numbers: string[]): string[] {
  return numbers.filter((n) => n.includes('.') || Number(n) >= 10);
}

/** The features of a story given as a title and a body (HTML or plain text). */
export function extractFeatures(input: { title?: string; body: string; html?: boolean }): TextFeatures {
  const bodyPlain = cleanText(input.html ? stripHtml(input.body) : input.body);
  const firstLine = bodyPlain.split('\n').find((line) => line.trim()) ?? '';
  const rawTitle = input.title?.trim() || firstLine;
  const title = normalizePersian(cleanText(rawTitle)).replace(NON_WORD_RE, ' ').replace(/\s+/g, ' ').trim();
  // The title is usually the body's first line already when none is given.
  const all = input.title ? `${rawTitle}\n${bodyPlain}` : bodyPlain;
  const words = contentWords(all);
  const titleWords = contentWords(rawTitle);
  // A headline is a title given, or a first line with the story below it.
  const hasHeadline = Boolean(input.title?.trim()) || bodyPlain.trim().length > firstLine.trim().length + 20;
  const counts = new Map<string, number>();
  for (const word of words) if (!/^\d/.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  const keywords: string[] = [];
  for (const word of titleWords) if (!/^\d/.test(word) && !keywords.includes(word)) keywords.push(word);
  const frequent = [...counts.entries()].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1]).map(([w]) => w);
  for (const word of frequent) if (keywords.length < KEYWORD_COUNT && !keywords.includes(word)) keywords.push(word);
  const distinct = [...new Set(words)];
  return {
    title,
    words,
    numbers: numbersIn(all),
    keywords: keywords.slice(0, KEYWORD_COUNT),
    // Only a headline names an event; a first line of a whole paragraph says too much.
    titleWords: hasHeadline && titleWords.length <= 14 ? [...new Set(titleWords.filter((w) => !/^\d/.test(w)))] : [],
    minhash: minhash(distinct),
    // A lead is worth finding only in a text at least twice as long, where Jaccard misses it.
    leads: LEAD_WORDS.filter((n) => distinct.length >= 2 * n).map((n) => minhash(distinct.slice(0, n))),
    bloom: wordBloom(words),
    wordCount: words.length,
  };
}
