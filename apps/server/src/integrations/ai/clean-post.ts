// Removes what a Telegram news post carries that an article must not: channel
// signatures, 'join us' calls, Telegram links and @mentions, emoji, hashtag-only
// lines, 'breaking' prefixes. Both rewriters start from this text, and the
// numbers check compares against it, so a number in a dropped signature line
// is never demanded of the article.

// Arabic yeh and kaf are common in copy-pasted Persian; readers see them as typos.
const LETTER_FIXES: [RegExp, string][] = [
  [/\u064a/g, '\u06cc'],
  [/\u0649/g, '\u06cc'],
  [/\u0643/g, '\u06a9'],
];

// Pictographs, flags, keycaps, variation selectors, skin tones and the joiner
// that glues them into sequences. ZWNJ (U+200C) is Persian spelling and stays.
// (Alternation, not one character class: the class would mix in combining marks.)
const EMOJI_RE = /\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u{1F3FB}-\u{1F3FF}]|\uFE0E|\uFE0F|\u20E3|\u200D/gu;

const TELEGRAM_LINK_RE = /(?:https?:\/\/)?(?:t\.me|telegram\.me|telegram\.dog)\/[^\s]*/gi;
const URL_RE = /https?:\/\/[^\s]+/gi;
const MENTION_RE = /(?<![\p{L}\p{N}_.])@[A-Za-z][A-Za-z0-9_]{3,31}/gu;
const HASHTAG_RE = /(?<![\p{L}\p{N}_/&])#([\p{L}\p{N}_\u200c]+)/gu;
const TRAILING_TAGS_RE = /([.!?؟…»])(?:\s*#[\p{L}\p{N}_\u200c]+)+\s*$/u;

// Calls to join, follow or share the channel. Plain 'عضویت' (membership) is
// news vocabulary, so only the promotional phrasings count.
const PROMO_RE =
  /(عضو\s*(?:کانال\s*)?شوید|عضویت\s*در\s*کانال|لینک\s*(?:عضویت|کانال)|بپیوندید|کانال\s*ما|ما\s*را\s*دنبال\s*کنید|برای\s*دوستانتان\s*بفرستید|به\s*اشتراک\s*بگذارید)/u;
const ENGLISH_PROMO_RE = /\b(?:join|subscribe|follow us)\b/i;

// 'Read it here:' lines point at a link the article no longer has.
const LINK_CALL_RE = /(اینجا\s*بخوانید|در\s*لینک\s*زیر|کلیک\s*کنید|لینک\s*خبر|مشروح\s*خبر\s*را)/u;

// 'فوری:' and 'خبر فوری |' open many posts; they are labels, not headline words.
const BREAKING_PREFIX_RE = /^(?:خبر\s+)?(?:فوری|عاجل)(?![\p{L}\u200c])\s*[:|｜\-–—]*\s*/u;

// Bullets and separators that open lines. '«' is missing on purpose: it opens a quote.
const LEADING_MARKS_RE = /^[\s\-–—•·▪▫◾◽◼◻■□●○◆◇►▶➖➕✓✔*_|:.،؛>]+/u;

export interface CleanOptions {
  channel?: string;
}

export function cleanPostText(text: string, options: CleanOptions = {}): string {
  let normalised = text.replace(/\r\n?/g, '\n');
  for (const [from, to] of LETTER_FIXES) normalised = normalised.replace(from, to);
  const lines = normalised.split('\n').map((line) => cleanLine(line, options));
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function cleanLine(raw: string, options: CleanOptions): string {
  const line = raw.replace(EMOJI_RE, '').replace(/[ \t\u00a0]+/g, ' ').trim();
  if (!line) return '';
  if (isSignature(line, options.channel)) return '';
  if (LINK_CALL_RE.test(line) && line.length < 90) return '';
  // A line of hashtags only: they become keywords, not text.
  if (line.replace(HASHTAG_RE, '').replace(/[\s،,.]+/g, '') === '') return '';

  const cleaned = line
    // Hashtags trailing a finished sentence are tags, not words of it.
    .replace(TRAILING_TAGS_RE, '$1')
    .replace(TELEGRAM_LINK_RE, '')
    .replace(URL_RE, '')
    .replace(MENTION_RE, '')
    // Inline hashtags are words: '#بازار_ارز' reads as 'بازار ارز'.
    .replace(HASHTAG_RE, (_, tag: string) => tag.replace(/_+/g, ' '))
    .replace(LEADING_MARKS_RE, '')
    .replace(BREAKING_PREFIX_RE, '')
    .replace(/\s+([.،,:؛!؟?])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
  // Emoji-only and separator lines ('➖➖➖', '•••') leave nothing worth a word.
  return /[\p{L}\p{N}]/u.test(cleaned) ? cleaned : '';
}

function isSignature(line: string, channel: string | undefined): boolean {
  const hasHandle = line !== line.replace(TELEGRAM_LINK_RE, '').replace(MENTION_RE, '');
  if (PROMO_RE.test(line) || (hasHandle && ENGLISH_PROMO_RE.test(line))) return true;
  if (channel && new RegExp(`@${escapeRegExp(channel)}(?![A-Za-z0-9_])`, 'i').test(line) && line.length < 80) return true;
  // What is left after removing links and mentions: a line that was nothing but a
  // handle or a Telegram link (with maybe a label like 'کانال:') is a signature.
  const rest = line.replace(TELEGRAM_LINK_RE, '').replace(MENTION_RE, '').replace(/[\s:|\-–—_.،]+/g, '');
  return hasHandle && rest.length <= 12;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
