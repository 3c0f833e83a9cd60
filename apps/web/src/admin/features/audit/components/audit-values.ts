// How the audit screen words a recorded value and an entry that made or removed whole items:
// every word in Persian, enum-like values (status, category, role, reason, job) by their
// Persian names, HTML as plain text, and a deletion into the trash as a sentence, not a list of
// fields emptied.
import { CHANNEL_ROLE_LABELS, IGNORE_REASON_LABELS, ROLE_LABELS, isRole, jobLabel, type AuditChange, type AuditEntry, type ChannelRole, type IgnoreReason } from '@chapar/shared/contracts';
import { findCategory, formatNumberFa, stripHtml } from '@chapar/shared/text';

/** How many characters of a long text (an article's body) the screen shows. */
export const SHORT_TEXT = 160;

export const STATUS_WORDS: Readonly<Record<string, string>> = {
  published: 'منتشرشده', unpublished: 'منتشرنشده', draft: 'پیش‌نویس', awaiting: 'در انتظار تأیید', queued: 'در صف', running: 'در حال اجرا',
  success: 'موفق', error: 'ناموفق', idle: 'بی‌کار', cancelled: 'لغوشده', canceled: 'لغوشده',
};

/** A channel's cleaning rules, each by its Persian name. */
const CLEANING_RULE_WORDS: Readonly<Record<string, string>> = {
  signatures: 'امضاها', adMarkers: 'نشانه‌های تبلیغ', joinPatterns: 'الگوهای دعوت به عضویت', stripLinks: 'حذف پیوندها', hashtagsAsKeywords: 'هشتگ‌ها به‌جای کلیدواژه',
};

/** Text cut to `max` characters at a word's end where one is near, with an ellipsis. */
export function shorten(text: string, max = SHORT_TEXT): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.7 ? cut.slice(0, space) : cut).replace(/[\s،,.؛:]+$/, '')}…`;
}

/**
 * Stored HTML as readable text: tags gone, entities decoded, whitespace collapsed, shortened.
 * The trail keeps at most 500 characters of a body (the part around its first change, «…» where
 * it was cut), so a tag may be cut off at the end of an older entry.
 */
export function htmlAsText(html: string, max = SHORT_TEXT): string {
  const cutAtEnd = html.endsWith('…');
  const whole = html.replace(/…$/, '').replace(/<[a-z/!][^>]*$/i, '');
  const text = shorten(stripHtml(whole), max);
  return cutAtEnd && !text.endsWith('…') ? `${text}…` : text;
}

const isIsoDate = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value));

export type ValueWords =
  | { kind: 'empty'; text: string }
  | { kind: 'words'; text: string }
  | { kind: 'date'; value: string }
  | { kind: 'isolated'; text: string; ltr?: boolean };

/** A value in words: what the screen shows (a date is shown by the caller, in the Persian calendar). */
export function valueWords(field: string, value: unknown): ValueWords {
  if (value === null || value === undefined || value === '') return { kind: 'empty', text: 'خالی' };
  if (typeof value === 'boolean') return { kind: 'words', text: value ? 'بله' : 'خیر' };
  if (typeof value === 'number') return { kind: 'words', text: formatNumberFa(value, { useGrouping: false }) };
  if (typeof value === 'string') {
    if (field === 'role' && isRole(value)) return { kind: 'words', text: ROLE_LABELS[value] };
    if (field === 'role' && value in CHANNEL_ROLE_LABELS) return { kind: 'words', text: CHANNEL_ROLE_LABELS[value as ChannelRole] };
    if (field === 'status' && STATUS_WORDS[value]) return { kind: 'words', text: STATUS_WORDS[value] };
    if (field === 'category') {
      const category = findCategory(value);
      return category ? { kind: 'words', text: category.nameFa } : { kind: 'isolated', text: value };
    }
    if (field === 'reason' && value in IGNORE_REASON_LABELS) return { kind: 'words', text: IGNORE_REASON_LABELS[value as IgnoreReason] };
    if (field === 'kind') return { kind: 'words', text: jobLabel(value) };
    if (field === 'content') return { kind: 'isolated', text: htmlAsText(value) };
    if (field === 'userAgent' || field === 'ip' || /Url$/.test(field)) return { kind: 'isolated', text: value, ltr: true };
    if (isIsoDate(value)) return { kind: 'date', value };
    return { kind: 'isolated', text: value };
  }
  if (field === 'cleaningRules' && typeof value === 'object' && !Array.isArray(value)) return { kind: 'words', text: cleaningRulesWords(value as Record<string, unknown>) };
  return { kind: 'isolated', text: JSON.stringify(value), ltr: true };
}

function cleaningRulesWords(rules: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, v] of Object.entries(rules)) {
    const name = CLEANING_RULE_WORDS[key];
    if (!name) continue;
    if (typeof v === 'boolean') parts.push(`${name}: ${v ? 'بله' : 'خیر'}`);
    else if (Array.isArray(v) && v.length) parts.push(`${name}: ${v.map((x) => `«${String(x)}»`).join('، ')}`);
  }
  return parts.length ? parts.join('؛ ') : 'هیچ';
}

/** An entry that moved whole items to a trash, brought them back from it, or removed them for good. */
export interface ItemsSummary {
  kind: 'trashed' | 'restored' | 'removed';
  sentence: string;
  /** Each item by its name (an article's title, a comment's author and text), with its id in a bulk entry. */
  items: Array<{ id?: number | string; name: string }>;
}

interface Lifecycle {
  kind: ItemsSummary['kind'];
  sentence: (count: number) => string;
  name: (snapshot: Record<string, unknown>) => string;
}

const many = (count: number, noun: string) => (count > 1 ? `${formatNumberFa(count)} ${noun}` : noun);
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const articleName = (s: Record<string, unknown>) => text(s.title);
const commentName = (s: Record<string, unknown>) => [text(s.authorName), htmlAsText(text(s.content), 80)].filter(Boolean).join(': ');

const ARTICLE_TRASHED: Lifecycle = {
  kind: 'trashed', name: articleName,
  sentence: (n) => `${many(n, 'مقاله')} به «مقاله‌های حذف‌شده» رفت و از آن‌جا بازگرداندنی است`,
};
const COMMENT_TRASHED: Lifecycle = {
  kind: 'trashed', name: commentName,
  sentence: (n) => `${many(n, 'نظر')} به «نظرهای حذف‌شده» رفت و از آن‌جا بازگرداندنی است`,
};

const LIFECYCLES: Readonly<Record<string, Lifecycle>> = {
  'article.delete': ARTICLE_TRASHED,
  'duplicate.delete': ARTICLE_TRASHED,
  'article.undelete': { kind: 'restored', name: articleName, sentence: (n) => `${many(n, 'مقاله')} از «مقاله‌های حذف‌شده» بازگردانده شد` },
  'comment.delete': COMMENT_TRASHED,
  'comment.restore': { kind: 'restored', name: commentName, sentence: (n) => `${many(n, 'نظر')} از «نظرهای حذف‌شده» بازگردانده شد` },
  'user.delete': { kind: 'removed', name: (s) => text(s.username), sentence: (n) => `${many(n, 'حساب')} حذف شد` },
  'subscriber.delete': { kind: 'removed', name: (s) => text(s.email), sentence: (n) => `${many(n, 'مشترک')} از خبرنامه حذف شد` },
};

function lifecycleOf(entry: AuditEntry): Lifecycle | undefined {
  if (entry.action === 'comment.bulk' && entry.details.delete === true) return COMMENT_TRASHED;
  if (entry.action === 'article.bulk' && entry.details.action === 'delete') return ARTICLE_TRASHED;
  return LIFECYCLES[entry.action];
}

/**
 * The entry as a sentence when it made whole items go away or come back (every field emptied,
 * or every field filled from empty); undefined for any other entry, whose fields are listed.
 */
export function itemsSummary(entry: AuditEntry): ItemsSummary | undefined {
  const life = lifecycleOf(entry);
  if (!life || entry.changes.length === 0) return undefined;
  const side = life.kind === 'restored' ? 'after' : 'before';
  const emptied = (c: AuditChange) => (life.kind === 'restored' ? c.before : c.after) === null;
  if (!entry.changes.every(emptied)) return undefined;
  const byItem = new Map<string, { id?: number | string; snapshot: Record<string, unknown> }>();
  for (const change of entry.changes) {
    const key = String(change.id ?? '');
    const item = byItem.get(key) ?? { ...(change.id !== undefined ? { id: change.id } : {}), snapshot: {} };
    item.snapshot[change.field] = change[side];
    byItem.set(key, item);
  }
  const items = [...byItem.values()].map(({ id, snapshot }) => ({ ...(id !== undefined ? { id } : {}), name: life.name(snapshot) }));
  // A comment restore brings back the deleted comments above a reply too: the answer's count says how many came back.
  const count = typeof entry.details.restored === 'number' && entry.details.restored > 0 ? entry.details.restored : items.length;
  return { kind: life.kind, sentence: life.sentence(count), items };
}
