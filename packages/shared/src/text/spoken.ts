// An article as text to be read aloud: the title, then the body, without markup, links,
// emoji, hashtags' marks or the channel's signature at the end of the post; numbers, dates,
// percentages, scores, currency amounts, Latin words and acronyms said in Persian, so a
// Persian voice reads it as a Persian newsreader would. The rules' tables live in
// spoken-tables.ts; numbers in spoken-numbers.ts, Latin words in spoken-latin.ts.
import { toAsciiDigits } from './digits.ts';
import { stripHtml } from './normalize.ts';
import { isSportsLine, speakNumbersFa } from './spoken-numbers.ts';
import { readLatinToken, speakLatinFa } from './spoken-latin.ts';
import { JOIN_CALL, SIGNATURE_LABELS } from './spoken-tables.ts';

export { speakNumbersFa } from './spoken-numbers.ts';
export { GREGORIAN_MONTHS, JALALI_MONTHS } from './spoken-tables.ts';

const URL_RE = /\b(?:https?:\/\/|www\.)\S+|\b(?:t|telegram)\.me\/\S+|\b[\w.+-]+@[\w-]+\.[\w.]+\b/gi;
const HANDLE_RE = /(^|[^\w])@([A-Za-z][A-Za-z0-9_]{2,})/g;
const EMOJI_RE = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\u{FE0F}|\u{200D}(?=\p{Extended_Pictographic})|\u{20E3}/gu;
// A channel's name in its signature ('کانال ما', 'به ما بپیوندید').
const OWN_CHANNEL = /کانال|(?:^|\s)ما(?:\s|$)|\bjoin\b|\bsubscribe\b/i;

/**
 * Whether a line is a channel's signature: only a handle or a link (with a label such as
 * '🆔' or 'کانال:'), or a call to join. A sentence that mentions a handle ('در توییتی به
 * @POTUS پاسخ داد') or a channel ('برای عضویت در کانال رسمی سازمان اقدام کنند') is not one.
 */
export function isSignatureLine(line: string): boolean {
  const text = line.replace(EMOJI_RE, ' ').trim();
  const pointer = new RegExp(URL_RE.source, 'i').test(text) || new RegExp(HANDLE_RE.source).test(text);
  const rest = text.replace(URL_RE, ' ').replace(HANDLE_RE, ' ').replace(SIGNATURE_LABELS, ' ').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  if (pointer && rest.replace(/\s/g, '').length <= 2) return true;
  return JOIN_CALL.test(text) && (pointer || OWN_CHANNEL.test(text) || text.length <= 40);
}

/** One paragraph of article text, cleaned for listening (null when nothing is left to say). */
function spokenParagraph(line: string, sportsArticle: boolean): string | null {
  let text = toAsciiDigits(line).replace(URL_RE, ' ').replace(EMOJI_RE, ' ');
  text = text
    // '@POTUS' inside a sentence is a name to say; '@akhbar_rooz' reads 'اخبار روز'.
    .replace(HANDLE_RE, (_m, pre: string, name: string) => `${pre}${name.split('_').filter(Boolean).map(readLatinToken).join(' ')}`)
    // '#اقتصاد_ایران' → 'اقتصاد ایران'.
    .replace(/#([\p{L}\p{N}\p{M}_\u200c]+)/gu, (_m, tag: string) => tag.replace(/_/g, ' '))
    .replace(/[*_~`|>«»"“”[\]{}<>]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  text = speakLatinFa(text);
  text = speakNumbersFa(text, { sports: sportsArticle || isSportsLine(text) }).replace(/\s+/g, ' ').replace(/\s+([.،,؛:!؟?])/g, '$1').trim();
  if (!/[\p{L}]/u.test(text)) return null;
  // Every paragraph ends a sentence, so the voice pauses between them.
  return /[.!?؟…:؛]$/.test(text) ? text : `${text}.`;
}

/**
 * An editor's own speech text made speakable line by line: Latin words and numbers said in
 * Persian ('G7' → 'جی هفت'), everything else as written.
 */
export function speakableText(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const spoken = speakLatinFa(toAsciiDigits(line));
      return speakNumbersFa(spoken, { sports: isSportsLine(spoken) }).replace(/[ \t]+/g, ' ').trim();
    })
    .filter(Boolean)
    .join('\n');
}

/** Article HTML (or plain text) → its paragraphs as text. */
function paragraphs(content: string): string[] {
  const pieces = /<[a-z][^>]*>/i.test(content)
    ? content
      .replace(/<(figure|video|audio|iframe|picture)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
      .split(/<\/(?:p|h[1-6]|li|blockquote|div|tr)>|<br\s*\/?>/i)
      .map((part) => stripHtml(part))
    : content.split(/\n+/);
  return pieces.map((p) => p.trim()).filter(Boolean);
}

/**
 * The text an article's podcast reads: the title, then every paragraph of the body, less the
 * channel's signature lines at its end. A sports story reads '۲-۱' as a score.
 */
export function articleSpeechText(article: { title: string; content: string; category?: string | null }): string {
  const sports = /^(?:sports|ورزش)$/i.test(article.category ?? '');
  const lines = paragraphs(article.content);
  while (lines.length && isSignatureLine(lines[lines.length - 1])) lines.pop();
  const title = spokenParagraph(stripHtml(article.title), sports);
  const body = lines.map((line) => spokenParagraph(line, sports)).filter((p): p is string => !!p);
  // A body that opens with the title (the whole paragraph, or its first sentence, as the offline
  // rewriter's titles are) does not read it twice.
  if (title && body.length) {
    const rest = afterLeadSentence(body[0], title);
    if (rest !== null) {
      if (rest) body[0] = rest;
      else body.shift();
    }
  }
  return [title, ...body].filter(Boolean).join('\n');
}

/** What follows `title` when a paragraph's first sentence is it (its end mark aside); else null. */
function afterLeadSentence(paragraph: string, title: string): string | null {
  const lead = title.replace(/[.!?؟…]+$/, '').trim();
  if (!lead || !paragraph.startsWith(lead)) return null;
  const rest = paragraph.slice(lead.length);
  const end = /^[.!?؟…]*(?:\s+|$)/.exec(rest);
  // 'قیمت دلار' before 'قیمت دلار امروز…' is the start of a longer sentence, not the title.
  if (!end || (end[0].trim() === '' && rest.length > 0)) return null;
  return rest.slice(end[0].length).trim();
}

/**
 * Text cut into parts of at most `maxChars` for a speech engine, at paragraph and sentence
 * ends (a sentence longer than that at a comma or a space).
 */
export function splitForSpeech(text: string, maxChars: number): string[] {
  const sentences = text.split(/\n+/).flatMap((p) => p.match(/[^.!?؟…]+(?:[.!?؟…]+|$)/g) ?? []).map((s) => s.trim()).filter(Boolean);
  const pieces = sentences.flatMap((s) => {
    if (s.length <= maxChars) return [s];
    const out: string[] = [];
    let rest = s;
    while (rest.length > maxChars) {
      const window = rest.slice(0, maxChars);
      const cut = Math.max(window.lastIndexOf('،'), window.lastIndexOf(','), window.lastIndexOf('؛'));
      const at = cut > maxChars / 3 ? cut + 1 : window.lastIndexOf(' ') > 0 ? window.lastIndexOf(' ') : maxChars;
      out.push(rest.slice(0, at).trim());
      rest = rest.slice(at).trim();
    }
    if (rest) out.push(rest);
    return out;
  });
  const parts: string[] = [];
  for (const piece of pieces) {
    const last = parts.at(-1);
    if (last !== undefined && last.length + 1 + piece.length <= maxChars) parts[parts.length - 1] = `${last} ${piece}`;
    else parts.push(piece);
  }
  return parts;
}
