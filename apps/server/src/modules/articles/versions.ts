// An article's history: every save (an admin's edit, a restore, a regenerate) and every machine
// write that changes what an editor sees (a post edited at its source, a repair job) first keeps
// the state it replaces, with who saved and when; restoring a version is itself a save.
import { and, desc, eq } from 'drizzle-orm';
import { articleVersions, type Db } from '@chapar/db';
import {
  ARTICLE_FIELD_LABELS, type ArticleVersion, type ArticleVersionAction, type ArticleVersionFields, type ArticleVersionSummary,
  type ProtectedArticleField,
} from '@chapar/shared/contracts';
import type { ArticleRow } from './article-row.ts';
import { runSigner } from './change-log.ts';
import { changedFields } from './edit-protection.ts';
import { ltr } from '@chapar/shared/text';

type VersionRow = typeof articleVersions.$inferSelect;

/** How many versions the history lists (newest first). */
export const VERSION_LIST_LIMIT = 100;

const ACTION_LABELS: Record<ArticleVersionAction, string> = {
  edit: 'ویرایش',
  restore: 'بازگردانی نسخه',
  regenerate: 'بازسازی از پست',
  job: 'تغییر خودکار',
};

export function versionFields(a: Pick<ArticleRow, keyof ArticleVersionFields>): ArticleVersionFields {
  return {
    title: a.title, excerpt: a.excerpt, content: a.content, category: a.category, keywords: a.keywords,
    metaDescription: a.metaDescription, imageUrl: a.imageUrl, videoUrl: a.videoUrl, featured: a.featured,
  };
}

/** 'ویرایش عنوان، دسته‌بندی توسط admin' */
export function versionSummary(v: Pick<VersionRow, 'action' | 'changedFields' | 'savedBy'>): string {
  const fields = v.changedFields.map((f) => ARTICLE_FIELD_LABELS[f as ProtectedArticleField] ?? f).join('، ');
  const action = ACTION_LABELS[v.action as ArticleVersionAction] ?? v.action;
  return [action, fields && `(${fields})`, v.savedBy && `توسط ${ltr(v.savedBy)}`].filter(Boolean).join(' ');
}

function toSummary(v: Omit<VersionRow, 'excerpt' | 'content' | 'keywords' | 'metaDescription' | 'imageUrl' | 'videoUrl' | 'featured'>): ArticleVersionSummary {
  return {
    id: v.id,
    articleId: v.articleId,
    title: v.title,
    category: v.category,
    action: v.action as ArticleVersionAction,
    changedFields: v.changedFields,
    summary: versionSummary(v),
    savedBy: v.savedBy,
    savedAt: v.savedAt.toISOString(),
  };
}

export const versionRepo = {
  /** Keeps `before` as a version of its article, replaced by a save of `changed` fields. */
  async keep(db: Db, before: ArticleRow, save: { action: ArticleVersionAction; changed: string[]; by: string | null }): Promise<void> {
    await db.insert(articleVersions).values({
      articleId: before.id, action: save.action, ...versionFields(before), changedFields: save.changed, savedBy: save.by,
    });
  },
  /**
   * A machine write replaced `before` with `after`: kept like a save when a field an editor sees
   * changed, signed by whoever stands behind the run (nobody for the schedule's own).
   */
  async keepMachineWrite(db: Db, before: ArticleRow, after: ArticleRow, action: 'regenerate' | 'job'): Promise<void> {
    const changed = changedFields(before, after);
    if (changed.length) await this.keep(db, before, { action, changed, by: await runSigner(db) });
  },
  async list(db: Db, articleId: number): Promise<ArticleVersionSummary[]> {
    const rows = await db.select({
      id: articleVersions.id, articleId: articleVersions.articleId, title: articleVersions.title, category: articleVersions.category,
      action: articleVersions.action, changedFields: articleVersions.changedFields, savedBy: articleVersions.savedBy, savedAt: articleVersions.savedAt,
    }).from(articleVersions).where(eq(articleVersions.articleId, articleId))
      .orderBy(desc(articleVersions.id)).limit(VERSION_LIST_LIMIT);
    return rows.map(toSummary);
  },
  async get(db: Db, articleId: number, versionId: number): Promise<ArticleVersion | undefined> {
    const [row] = await db.select().from(articleVersions)
      .where(and(eq(articleVersions.articleId, articleId), eq(articleVersions.id, versionId)));
    return row ? { ...toSummary(row), fields: versionFields(row) } : undefined;
  },
};
