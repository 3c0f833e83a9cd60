// An editor's changes are kept: a field an admin edited by hand (articles.edited_fields) is not
// overwritten by re-processing the post (a channel edit, regenerate, the repair jobs) unless the
// admin asks for it. Machine writes pass through `keepEdited`, which puts the edited values back
// and recomputes the fields derived from the text.
import { EDITABLE_ARTICLE_FIELDS, type EditableArticleField } from '@chapar/shared/contracts';
import type { ArticleInsert, ArticleRow } from './article-row.ts';
import { derivedFields } from './derived-fields.ts';

/** Columns computed from the text (derived-fields.ts): recomputed when an edited field is kept. */
const DERIVED = ['slug', 'readingTime', 'searchTitle', 'searchBody', 'imageAltText', 'videoAltText'] as const;
/** Written together with the field they follow, and kept with it. */
const COMPANIONS: Partial<Record<EditableArticleField, Array<keyof ArticleInsert>>> = {
  imageUrl: ['imageHash', 'imageAltText'],
  videoUrl: ['videoAltText'],
};
/** An admin's publish or unpublish: the status and why are kept from ingestion. */
const STATUS_COLUMNS = ['status', 'unpublishedReason', 'unpublishedAt'] as const;

const isEditable = (field: string): field is EditableArticleField => (EDITABLE_ARTICLE_FIELDS as readonly string[]).includes(field);

/**
 * The patch a machine write may apply to `current`: without the fields an admin edited (and
 * their companions), with the derived columns recomputed from the result when any were given.
 */
export function keepEdited<P extends Partial<ArticleInsert>>(current: ArticleRow, patch: P): P {
  const edited = current.editedFields ?? [];
  if (!edited.length) return patch;
  const kept: Partial<ArticleInsert> = { ...patch };
  let keptText = false;
  for (const field of edited) {
    if (field === 'status') {
      for (const column of STATUS_COLUMNS) delete kept[column];
      continue;
    }
    if (!isEditable(field) || !(field in patch)) continue;
    delete kept[field];
    for (const column of COMPANIONS[field] ?? []) delete kept[column];
    keptText = true;
  }
  if (keptText && DERIVED.some((column) => column in patch)) {
    const merged = { ...current, ...kept } as ArticleRow;
    const derived = derivedFields(merged);
    for (const column of DERIVED) if (column in patch) Object.assign(kept, { [column]: derived[column] });
  }
  return kept as P;
}

type VersionedFields = Pick<ArticleRow, EditableArticleField>;

/** The editable fields whose values differ between two states of an article. */
export function changedFields(before: VersionedFields, after: Partial<VersionedFields>): EditableArticleField[] {
  return EDITABLE_ARTICLE_FIELDS.filter((field) => field in after && after[field] !== undefined && (after[field] ?? null) !== (before[field] ?? null));
}

/** A set of field names with others added, in a stable order. */
export function withFields(current: readonly string[], add: readonly string[]): string[] {
  return [...new Set([...current, ...add])].sort();
}
