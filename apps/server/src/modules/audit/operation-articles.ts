// A bulk job's articles in the audit trail: confirming a plan records what the run did to each
// article (the change log's "before", kept for the undo, against the article now); undoing
// records each article before and after the undo. Content is left out (the article's
// versions keep it) and at most MAX_ARTICLES are listed; the entry says how many there were.
import type { Db } from '@chapar/db';
import { changeRepo } from '../articles/change-log.ts';
import type { AuditChange } from './repo.ts';
import { diffSnapshots, loadSnapshots, type Snapshot } from './targets.ts';

export const ARTICLE_FIELDS = ['title', 'excerpt', 'category', 'featured', 'status', 'imageUrl', 'videoUrl', 'metaDescription', 'unpublishedReason'] as const;
export const MAX_ARTICLES = 200;

/** The articles the operation changed and has not undone, first MAX_ARTICLES, and how many in all. */
export async function operationArticles(db: Db, operationId: number): Promise<{ ids: string[]; total: number; before: Map<string, Snapshot> }> {
  const rows = await changeRepo.pending(db, operationId);
  const listed = rows.slice(0, MAX_ARTICLES);
  const before = new Map(listed.map((r) => [String(r.articleId), Object.fromEntries(ARTICLE_FIELDS.map((f) => [f, r.before[f] ?? null]))]));
  return { ids: listed.map((r) => String(r.articleId)), total: rows.length, before };
}

/** Each change named by its article, even when there is one. */
export function articleChanges(ids: string[], before: Map<string, Snapshot>, after: Map<string, Snapshot>): AuditChange[] {
  return ids.flatMap((id) => diffSnapshots([id], before, after).map((change) => ({ id: Number(id), ...change })));
}

/** After a confirmed run finished: the change log's before against each article now. */
export async function confirmedRunChanges(db: Db, operationId: number): Promise<{ changes: AuditChange[]; total: number }> {
  const { ids, total, before } = await operationArticles(db, operationId);
  const after = await loadSnapshots(db, 'article', ids, ARTICLE_FIELDS);
  return { changes: articleChanges(ids, before, after), total };
}
