// Posts that should not become articles, each with its reason (recorded in
// ignored_posts so an admin can overrule it). Duplicates need the database and are
// judged in ingest-post.ts; these rules look at the post alone.
import type { IgnoreReason } from '@chapar/shared/contracts';
import type { TelegramPost } from '../../integrations/telegram/index.ts';
import type { CompiledRules } from '../channels/cleaning-rules.ts';
import type { NormalisedPost } from '../posts/normalise.ts';

/** Fewer letters than this is a caption, not a story. */
export const MIN_NEWS_LETTERS = 30;

const LETTER = /\p{L}/gu;
const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/u;
const PERSIAN_ONLY_LETTERS = /[پچژگ]/u;
// Arabic spellings and function words that Persian does not use.
const ARABIC_MARKERS = /ة|ى|\sفي\s|\sالذي\s|\sالتي\s|\sإلى\s|\sهذا\s|\sعلى\s/gu;

// Greetings, polls, giveaways and horoscopes: channel chatter rather than news.
const NOT_NEWS: RegExp[] = [
  /^(?:صبح|ظهر|عصر|شب|روز)(?:\s*(?:تون|تان|ت))?\s*(?:بخیر|به\s*خیر)/u,
  /^(?:سلام|درود)\s+(?:به\s+)?(?:دوستان|همراهان|اعضای)/u,
  /نظرسنجی/u,
  /قرعه[\s\u200c]*کشی/u,
  /\bgiveaway\b/i,
  /(?:فال|طالع[\s\u200c]*بینی)\s*(?:روزانه|امروز)/u,
];

export function letterCount(text: string): number {
  return text.match(LETTER)?.length ?? 0;
}

function isPersian(original: string): boolean {
  const letters = original.match(LETTER) ?? [];
  if (letters.length < 10) return true; // too little to judge; the length rule decides
  const script = letters.filter((ch) => ARABIC_SCRIPT.test(ch)).length;
  if (script / letters.length < 0.5) return false;
  // Arabic-script text without any Persian-only letter and with Arabic function words is Arabic.
  return PERSIAN_ONLY_LETTERS.test(original) || (original.match(ARABIC_MARKERS)?.length ?? 0) < 2;
}

/** Why a post is not news, or undefined when it is. */
export function contentIgnoreReason(post: TelegramPost, normalised: NormalisedPost, rules: CompiledRules): IgnoreReason | undefined {
  if (rules.adMarkerIn(post.text)) return 'advertisement';
  if (letterCount(normalised.plain) < MIN_NEWS_LETTERS) return 'too_short';
  if (!isPersian(normalised.plain)) return 'not_persian';
  if (post.mediaUnsupported && letterCount(normalised.plain) < 80) return 'not_news';
  if (NOT_NEWS.some((re) => re.test(normalised.plain))) return 'not_news';
  return undefined;
}
