// Repairs of an article's text that need no Telegram: a sound excerpt and meta
// description, tidy HTML (sanitised, Persian letters, no empty paragraphs), the channel's
// cleaning rules, and every derived field recomputed. Each is computed first without writing
// (textFix), so a preview can say exactly what a run would change (jobs/repair-articles.ts).
import { PROPOSED_FIELD_LABELS, type ProposedField } from '@chapar/shared/contracts';
import { excerptRepeatsLead, stripHtml, toPersianDigits as fa } from '@chapar/shared/text';
import { articleAdminRepo, type ArticleRow } from '../articles/admin-repo.ts';
import type { ArticleInsert } from '../articles/article-row.ts';
import { derivedFields, fitMeta, fixArabicLetters, sameText } from '../articles/derived-fields.ts';
import { keepEdited } from '../articles/edit-protection.ts';
import { sanitizeArticleContent } from '../articles/sanitize-content.ts';
import { compileRules } from '../channels/cleaning-rules.ts';
import { cleanArticleHtml } from '../channels/clean-article-html.ts';
import { channelRepo } from '../channels/repo.ts';
import type { Services } from '../../services.ts';

const EXCERPT_MAX = 300;

/** Repairs that need only the article itself (and its channel's cleaning rules). */
export const TEXT_ACTIONS = ['excerpt', 'clean', 'content'] as const;
export type TextAction = (typeof TEXT_ACTIONS)[number];
export const isTextAction = (action: string): action is TextAction => (TEXT_ACTIONS as readonly string[]).includes(action);

export const TEXT_ACTION_DONE: Record<TextAction, string> = { excerpt: 'خلاصه و توضیح متا مرتب شد', clean: 'قواعد پاک‌سازی کانال اعمال شد', content: 'متن مرتب شد' };

type TextField = ProposedField['field'];
const TEXT_FIELDS: readonly TextField[] = ['title', 'excerpt', 'content', 'metaDescription'];
type TextState = Pick<ArticleRow, TextField>;
type TextPatch = Partial<TextState>;
/** Derived columns whose staleness alone makes a write (as it always has). */
const STALE: Array<{ column: 'slug' | 'searchBody' | 'readingTime'; label: string }> = [
  { column: 'slug', label: 'نشانی (slug)' },
  { column: 'searchBody', label: 'متن جست‌وجو' },
  { column: 'readingTime', label: 'زمان مطالعه' },
];

/** What is wrong with an excerpt, or null: missing, HTML, too long, just the title, the lead again. */
function excerptProblem(article: TextState): string | null {
  const excerpt = stripHtml(article.excerpt);
  if (!excerpt) return 'خلاصه خالی است';
  if (excerpt !== article.excerpt) return 'خلاصه نشانه‌گذاری HTML یا فاصلهٔ اضافه دارد';
  if (excerpt.length > EXCERPT_MAX) return `خلاصه بلندتر از ${fa(EXCERPT_MAX)} نویسه است`;
  if (sameText(excerpt, article.title)) return 'خلاصه همان عنوان است';
  if (excerptRepeatsLead(excerpt, article.content)) return 'خلاصه همان پاراگراف نخست متن است';
  return null;
}

/**
 * An excerpt that is missing, too long, HTML, just the title, or the body's whole first
 * paragraph over again is written again from the body.
 */
async function excerptPatch(s: Pick<Services, 'offlineRewriter'>, article: TextState): Promise<{ patch: TextPatch; why: string | null }> {
  let excerpt = stripHtml(article.excerpt);
  const why = excerptProblem(article);
  if (why) excerpt = await s.offlineRewriter.regenerateField({ field: 'excerpt', content: article.content }).catch(() => excerpt);
  const metaDescription = fitMeta(article.metaDescription && !sameText(article.metaDescription, article.title) ? stripHtml(article.metaDescription) : excerpt);
  return { patch: { excerpt, metaDescription }, why };
}

/** The same markup written another way (a void tag as `<img …/>`, spaces between tags): no change to offer. */
const sameMarkup = (a: string, b: string) => {
  const norm = (html: string) => html.replace(/\s*\/>/g, '>').replace(/>\s+</g, '><').trim();
  return norm(a) === norm(b);
};

function contentPatch(article: TextState): { patch: TextPatch; why: string | null } {
  const tidied = sanitizeArticleContent(fixArabicLetters(article.content)).replace(/(?:<br\s*\/?>\s*){2,}/g, '<br>');
  const content = sameMarkup(tidied, article.content) ? article.content : tidied;
  const arabic = [article.title, article.excerpt, article.content, article.metaDescription ?? ''].some((t) => fixArabicLetters(t) !== t);
  return {
    patch: {
      content,
      title: fixArabicLetters(article.title).trim(),
      excerpt: fixArabicLetters(article.excerpt).trim(),
      metaDescription: fitMeta(article.metaDescription ? fixArabicLetters(article.metaDescription) : article.excerpt),
    },
    why: arabic ? 'حروف عربی (ي، ك) فارسی می‌شود' : null,
  };
}

async function cleanPatch(s: Pick<Services, 'db'>, article: TextState & Pick<ArticleRow, 'source'>): Promise<{ patch: TextPatch; why: string | null }> {
  if (!article.source) return { patch: {}, why: null };
  const channel = await channelRepo.byUsername(s.db, article.source);
  const cleaned = cleanArticleHtml(article.content, compileRules(article.source, channel?.cleaningRules));
  if (!cleaned.removed) return { patch: {}, why: null };
  return { patch: { content: cleaned.html }, why: `قواعد پاک‌سازی کانال ${fa(cleaned.removed)} بند را از متن برمی‌دارد` };
}

/** What the text repairs would write over an article: computed, nothing written. */
export interface TextFix {
  /** The machine write: changed text with its derived columns, without the fields an editor edited by hand. */
  write: Partial<ArticleInsert>;
  /** The article's title, excerpt and text after the write. */
  after: TextState;
  /** Each text field that changes, before and after (of the body, the part around its first difference). */
  fields: ProposedField[];
  /** True when a text field changes (not only a derived column): the article's date moves on. */
  textChanged: boolean;
  /** What the repairs found, and what they change, in the editor's words. */
  reason: string;
  /** Per action that changed something: what it did (for a run's report). */
  done: string[];
}

/** The part of a long text around its first difference from another, with context. */
function around(text: string, other: string, context = 80, max = 400): string {
  let start = 0;
  while (start < text.length && start < other.length && text[start] === other[start]) start++;
  let end = 0;
  while (end < text.length - start && end < other.length - start && text[text.length - 1 - end] === other[other.length - 1 - end]) end++;
  const from = Math.max(0, start - context);
  const to = Math.min(text.length, Math.max(text.length - end + context, from));
  const part = text.slice(from, Math.min(to, from + max));
  return `${from > 0 ? '…' : ''}${part}${from + part.length < text.length ? '…' : ''}`;
}

/**
 * The text repairs `actions` over `article`, in order, as one write; null when nothing would
 * change. Fields an editor edited by hand stay as they are (keepEdited), as the write keeps them.
 */
export async function textFix(s: Pick<Services, 'db' | 'offlineRewriter'>, article: ArticleRow, actions: TextAction[]): Promise<TextFix | null> {
  let state: TextState = { title: article.title, excerpt: article.excerpt, content: article.content, metaDescription: article.metaDescription };
  const whys: string[] = [];
  const acted: TextAction[] = [];
  for (const action of actions) {
    const { patch, why } = action === 'excerpt' ? await excerptPatch(s, state) : action === 'content' ? contentPatch(state) : await cleanPatch(s, { ...state, source: article.source });
    const next = { ...state, ...patch };
    if (TEXT_FIELDS.some((k) => next[k] !== state[k])) {
      acted.push(action);
      if (why) whys.push(why);
    }
    state = next;
  }
  const textPatch: TextPatch = Object.fromEntries(TEXT_FIELDS.filter((k) => state[k] !== article[k]).map((k) => [k, state[k]]));
  const write = keepEdited(article, { ...textPatch, ...derivedFields({ ...article, ...state }) } as Partial<ArticleInsert>);
  const after = { ...article, ...write } as ArticleRow;
  const changed = TEXT_FIELDS.filter((k) => after[k] !== article[k]);
  const stale = STALE.filter(({ column }) => after[column] !== article[column]);
  if (!changed.length && !stale.length) return null;
  const fields = changed.map((field) => {
    const before = article[field] ?? '';
    const now = after[field] ?? '';
    return field === 'content' ? { field, before: around(before, now), after: around(now, before) } : { field, before, after: now };
  });
  const labels = [...changed.map((f) => PROPOSED_FIELD_LABELS[f]), ...(changed.length ? [] : stale.map((c) => c.label))];
  const what = changed.length ? `تغییر: ${labels.join('، ')}` : `فقط ${labels.join('، ')} دوباره محاسبه می‌شود`;
  return {
    write,
    after: { title: after.title, excerpt: after.excerpt, content: after.content, metaDescription: after.metaDescription },
    fields,
    textChanged: changed.length > 0,
    reason: [...whys, what].join('؛ '),
    // Only derived columns were stale: the first action's write recomputes them, as it always has.
    done: acted.length ? acted.map((a) => TEXT_ACTION_DONE[a]) : [TEXT_ACTION_DONE[actions[0]]],
  };
}

/** Writes a computed fix (kept for undo by the job's operation, like every machine write). */
export async function writeTextFix(s: Pick<Services, 'db'>, article: ArticleRow, fix: TextFix): Promise<void> {
  await articleAdminRepo.update(s.db, article.id, { ...fix.write, ...(fix.textChanged ? { updatedAt: new Date() } : {}) });
}
