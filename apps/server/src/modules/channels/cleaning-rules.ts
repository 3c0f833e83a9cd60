// Per-channel cleaning rules (channels.cleaning_rules): the channel's signature lines,
// its 'join us' phrasings and its advertisement markers. The rewriters already strip
// generic Telegram furniture (cleanPostText); these rules add what is particular to a
// channel, and are what 'clean the secondary channel's articles' applies again.
import type { ChannelCleaningRules } from '@chapar/db';

export type CleaningRules = ChannelCleaningRules & { joinPatterns?: string[]; hashtagsAsKeywords?: boolean };

const DEFAULT_JOIN_PATTERNS = [
  'عضو\\s*(?:کانال\\s*)?شوید', 'بپیوندید', 'عضویت\\s*در\\s*کانال', 'لینک\\s*(?:عضویت|کانال)', 'کانال\\s*ما', 'ما\\s*را\\s*دنبال\\s*کنید',
  '\\bjoin\\b', 'follow\\s+us',
];

/** Marks of a paid post; a hashtag form avoids matching ordinary news about advertising. */
export const DEFAULT_AD_MARKERS = [
  '#تبلیغ', '#تبلیغات', '#آگهی', '#رپورتاژ', 'رپورتاژ آگهی', 'کد تخفیف', 'تخفیف ویژه', 'ثبت سفارش', 'جهت سفارش',
  'جهت خرید', 'خرید آنلاین', 'ارسال رایگان', '#ad', 'sponsored',
];

export function defaultCleaningRules(username: string): CleaningRules {
  return {
    signatures: [`@${username}`, `t.me/${username}`],
    adMarkers: [...DEFAULT_AD_MARKERS],
    joinPatterns: [...DEFAULT_JOIN_PATTERNS],
    stripLinks: true,
    hashtagsAsKeywords: true,
  };
}

/** Rules as stored, completed with the defaults for whatever a row leaves out. */
export function effectiveRules(username: string, stored: CleaningRules | null | undefined): Required<CleaningRules> {
  const defaults = defaultCleaningRules(username) as Required<CleaningRules>;
  return { ...defaults, ...Object.fromEntries(Object.entries(stored ?? {}).filter(([, v]) => v !== undefined)) } as Required<CleaningRules>;
}

function compile(patterns: string[]): RegExp[] {
  return patterns.flatMap((p) => {
    try {
      return [new RegExp(p, 'iu')];
    } catch {
      return []; // a broken admin-entered pattern must not stop ingestion
    }
  });
}

export interface CompiledRules {
  isSignatureLine(line: string): boolean;
  isJoinLine(line: string): boolean;
  adMarkerIn(text: string): string | undefined;
  hashtagsAsKeywords: boolean;
}

export function compileRules(username: string, stored: CleaningRules | null | undefined): CompiledRules {
  const rules = effectiveRules(username, stored);
  const signatures = rules.signatures.map((s) => s.toLowerCase()).filter(Boolean);
  const joins = compile(rules.joinPatterns);
  const markers = rules.adMarkers.map((m) => m.toLowerCase()).filter(Boolean);
  return {
    // A line that is the signature and little else ('🆔 @chan', 'کانال ما: t.me/chan'); a
    // sentence that mentions the channel is still news.
    isSignatureLine: (line) => {
      let rest = line.toLowerCase();
      if (!signatures.some((s) => rest.includes(s))) return false;
      for (const s of signatures) rest = rest.split(s).join(' ');
      return (rest.match(/\p{L}/gu)?.length ?? 0) <= 20;
    },
    isJoinLine: (line) => line.length < 160 && joins.some((re) => re.test(line)),
    adMarkerIn: (text) => {
      const lower = text.toLowerCase();
      return markers.find((m) => (m.startsWith('#') ? new RegExp(`${escapeRegExp(m)}(?![\\p{L}\\p{N}_])`, 'u').test(lower) : lower.includes(m)));
    },
    hashtagsAsKeywords: rules.hashtagsAsKeywords,
  };
}

/** The post text without the channel's signature and 'join us' lines. */
export function applyCleaningRules(text: string, rules: CompiledRules): string {
  return text.split('\n').filter((line) => !rules.isSignatureLine(line) && !rules.isJoinLine(line)).join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
