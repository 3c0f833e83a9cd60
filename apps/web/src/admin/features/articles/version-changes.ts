// What restoring a version would change: the version's fields against the current article's, each
// as an editor reads it (the content as text, the category by its Persian name).
import { ARTICLE_FIELD_LABELS, type AdminArticle, type ArticleVersionAction, type ArticleVersionFields, type ArticleVersionSummary } from '@chapar/shared/contracts';
import { categoryFaName, findCategory, ltr } from '@chapar/shared/text';

export type ComparedField = keyof ArticleVersionFields;

/** The order fields are listed in, as in the edit form. */
export const COMPARED_FIELDS: readonly ComparedField[] = ['title', 'excerpt', 'content', 'category', 'keywords', 'metaDescription', 'imageUrl', 'videoUrl', 'featured'];

export interface FieldChange {
  field: ComparedField;
  label: string;
  /** The version's value, as text. */
  before: string;
  /** The current article's value, as text. */
  after: string;
  /** The content's text is the same and only its markup (links, headings, embeds) differs. */
  markupOnly?: boolean;
  /** Text that reads left to right (addresses): shown as such. */
  ltr?: boolean;
}

const BLOCK = /^(P|DIV|H[1-6]|LI|UL|OL|BLOCKQUOTE|FIGURE|FIGCAPTION|TABLE|TR|PRE|SECTION|ARTICLE|HR)$/;

/** An article's HTML as its readable text: one line per paragraph, heading or list item. */
export function htmlToText(html: string): string {
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, ' ').replace(/[ \t]+/g, ' ').trim();
  const doc = new DOMParser().parseFromString(html, 'text/html');
  let out = '';
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) { out += (node.textContent ?? '').replace(/\s+/g, ' '); return; }
    if (!(node instanceof Element)) return;
    if (node.tagName === 'SCRIPT' || node.tagName === 'STYLE') return;
    if (node.tagName === 'BR') { out += '\n'; return; }
    const block = BLOCK.test(node.tagName);
    if (block) out += '\n';
    node.childNodes.forEach(walk);
    if (block) out += '\n';
  };
  doc.body.childNodes.forEach(walk);
  return out.split('\n').map((line) => line.trim()).filter(Boolean).join('\n');
}

const categoryName = (value: string) => (findCategory(value) ? categoryFaName(value) : value);
const sameCategory = (a: string, b: string) => a === b || (findCategory(a) !== undefined && findCategory(a) === findCategory(b));

/** Each field whose value differs between the version and the current article, in form order. */
export function versionChanges(version: ArticleVersionFields, current: Pick<AdminArticle, ComparedField>): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of COMPARED_FIELDS) {
    const label = ARTICLE_FIELD_LABELS[field];
    const a = version[field];
    const b = current[field];
    if (field === 'content') {
      if (a === b) continue;
      const before = htmlToText(String(a));
      const after = htmlToText(String(b));
      changes.push({ field, label, before, after, ...(before === after ? { markupOnly: true } : {}) });
    } else if (field === 'category') {
      if (!sameCategory(String(a), String(b))) changes.push({ field, label, before: categoryName(String(a)), after: categoryName(String(b)) });
    } else if (field === 'keywords') {
      if (a !== b) changes.push({ field, label, before: String(a).split(',').join('، '), after: String(b).split(',').join('، ') });
    } else if (field === 'featured') {
      if (a !== b) changes.push({ field, label, before: a ? 'ویژه' : 'عادی', after: b ? 'ویژه' : 'عادی' });
    } else if ((a ?? '') !== (b ?? '')) {
      changes.push({ field, label, before: String(a ?? ''), after: String(b ?? ''), ...(field === 'imageUrl' || field === 'videoUrl' ? { ltr: true } : {}) });
    }
  }
  return changes;
}

/** The saves, in words: what replaced the version. */
const REPLACED_BY: Record<ArticleVersionAction, string> = {
  edit: 'ویرایش',
  restore: 'بازگرداندن نسخه‌ای دیگر',
  regenerate: 'بازسازی از پست',
  job: 'تغییر خودکار',
};

/** The fields, by their Persian names: 'عنوان، خلاصه'. */
export function fieldNames(fields: readonly string[]): string {
  return fields.map((f) => ARTICLE_FIELD_LABELS[f as ComparedField] ?? f).join('، ');
}

/** «نسخهٔ پیش از ویرایش (عنوان، خلاصه) توسط admin»: the version is what the save replaced. */
export function versionLabel(version: Pick<ArticleVersionSummary, 'action' | 'changedFields' | 'savedBy'>): string {
  const fields = fieldNames(version.changedFields);
  return [
    `نسخهٔ پیش از ${REPLACED_BY[version.action] ?? version.action}`,
    fields && `(${fields})`,
    version.savedBy ? `توسط ${ltr(version.savedBy)}` : 'به دست سامانه',
  ].filter(Boolean).join(' ');
}

const MADE_BY: Record<ArticleVersionAction, string> = {
  edit: 'ویرایش',
  restore: 'بازگرداندن نسخه',
  regenerate: 'بازسازی از پست',
  job: 'تغییر خودکار',
};

/** How the current article came to be, from the newest version's save: «حاصل ویرایش (عنوان) توسط admin». */
export function currentLabel(newest: Pick<ArticleVersionSummary, 'action' | 'changedFields' | 'savedBy'> | undefined): string {
  if (!newest) return 'بدون ویرایش از هنگام ساخت مقاله';
  const fields = fieldNames(newest.changedFields);
  return [
    `حاصل ${MADE_BY[newest.action] ?? newest.action}`,
    fields && `(${fields})`,
    newest.savedBy ? `توسط ${ltr(newest.savedBy)}` : 'به دست سامانه',
  ].filter(Boolean).join(' ');
}
