// Article administration (spec 03 §7): edit, delete (which blocklists a Telegram post so
// it is not ingested again) and bulk feature/unfeature/delete (AI field regeneration is in
// regenerate.ts).
import type { Db } from '@chapar/db';
import { ADMIN_ARTICLE_MESSAGES, ARTICLE_TEXT_MESSAGES, htmlShowsContent, type AdminArticle, type BulkArticlesBody, type BulkArticlesResponse, type UpdateArticleBody } from '@chapar/shared/contracts';
import { categoryFaName, findCategory, ltr, toPersianDigits } from '@chapar/shared/text';
import { editorKeywords } from '@chapar/shared/topics';
import { bulkMessage, missingWords, noneFound, type BulkNoun } from '../../bulk-answer.ts';
import { AppError, notFound } from '../../errors.ts';
import { databaseUnavailable, RETRY_AFTER_SECONDS } from '../../plugins/error-handler.ts';
import { commandFailureText } from '../../query-errors.ts';
import { blocklistRepo } from '../blocklist/repo.ts';
import { operationsRepo } from '../operations/operations-repo.ts';
import { siteCategoryName } from '../categories/service.ts';
import { postStore } from '../posts/post-store.ts';
import type { Services } from '../../services.ts';
import { articleAdminRepo, type ArticleRow } from './admin-repo.ts';
import { saveOnLatest } from './article-save.ts';
import { keepBefore, withOperation } from './change-log.ts';
import { derivedFields, fitMeta } from './derived-fields.ts';
import { withFields } from './edit-protection.ts';
import { versionRepo } from './versions.ts';
import { setPublishedMany } from './publishing.ts';
import { toAdminArticle } from './dto.ts';
import { keepDeleted } from './trash.ts';
import { sanitizeArticleContent } from './sanitize-content.ts';

type UpdateArticleDeps = Pick<Services, 'config' | 'db' | 'log' | 'jobs' | 'contentChanged'>;
type BulkArticlesDeps = Pick<Services, 'config' | 'db' | 'log' | 'media' | 'jobs' | 'contentChanged'>;

/**
 * Media addresses are plain http(s), or a path on this site (/media/…): never javascript:,
 * data: and the like, nor what a browser reads as another site (//host, /\host) or a path
 * that climbs out of its folder (.., also written %2e%2e).
 */
const ABSOLUTE_URL = /^https?:\/\/[^\s"'<>\\]+$/i;
const SITE_PATH = /^\/(?![/\\])[^\s"'<>\\]*$/;
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:[/?#]|$)/i;
const safeMediaUrl = (url: string) => ABSOLUTE_URL.test(url) || (SITE_PATH.test(url) && !DOT_SEGMENT.test(url));
const UNSAFE_MEDIA_URL = `نشانی تصویر یا ویدیو باید نشانی کامل ${ltr('https://…')} یا مسیری در همین سایت مانند ${ltr('/media/…')} باشد`;

export async function updateArticle(s: UpdateArticleDeps, id: number, body: UpdateArticleBody, by: string): Promise<AdminArticle> {
  for (const url of [body.imageUrl, body.videoUrl]) {
    if (url && url.trim() && !safeMediaUrl(url.trim())) throw new AppError('validation_error', UNSAFE_MEDIA_URL);
  }
  // What the edit asks for is checked before the article is locked: none of it depends on the article.
  // The categories the edit dialog offers are the database's; any of them is accepted.
  const category = body.category === undefined ? undefined : findCategory(body.category)?.name ?? await siteCategoryName(s.db, body.category);
  if (body.category !== undefined && !category) throw new AppError('validation_error', ADMIN_ARTICLE_MESSAGES.unknownCategory);
  // The contract saw text; what the sanitiser keeps of it must still have some.
  const content = body.content === undefined ? undefined : sanitizeArticleContent(body.content);
  if (content !== undefined && !htmlShowsContent(content)) throw new AppError('validation_error', ARTICLE_TEXT_MESSAGES.emptyContent);
  // Fields the edit leaves out are the article's as it is when written, not as it was when this request began.
  const row = await saveOnLatest(s, id, (current) => ({
    title: body.title ?? current.title,
    excerpt: body.excerpt ?? current.excerpt,
    featured: body.featured ?? current.featured,
    category: category ?? current.category,
    keywords: body.keywords === undefined ? current.keywords : editorKeywords(body.keywords),
    content: content ?? current.content,
    metaDescription: body.metaDescription === undefined ? current.metaDescription : fitMeta(body.metaDescription),
    imageUrl: body.imageUrl === undefined ? current.imageUrl : body.imageUrl?.trim() || null,
    videoUrl: body.videoUrl === undefined ? current.videoUrl : body.videoUrl?.trim() || null,
  }), { action: 'edit', by, expectedUpdatedAt: body.expectedUpdatedAt });
  return toAdminArticle(row, await postStore.missingMediaFor(s.db, row.id));
}

/** The site's not-found answer (404) for an article id that names no article. */
export async function requireArticle(s: Pick<Services, 'db'>, id: number): Promise<void> {
  if (!(await articleAdminRepo.byId(s.db, id))) throw notFound(ADMIN_ARTICLE_MESSAGES.notFound);
}

/** Why and by whom articles are deleted: `reason` for the deleted articles' list, `blockReason` for the blocklist. */
export interface DeletedBy { reason: string; blockReason: string; by: string | null }

/**
 * The database half of deleting articles, on the caller's transaction. Each is kept among the
 * deleted articles (trash.ts), with its files left in the store, until it is restored or purged.
 * One that came from Telegram puts (telegramId, source) on the blocklist, so the next check does
 * not bring it back. `reason` is why, for the deleted articles' list (which names who in a column
 * of its own); the blocklist's entry says who as well.
 */
export async function deleteArticleRows(tx: Db, ids: number[], who: DeletedBy): Promise<number[]> {
  // Locked: a delete of the same article at once waits for this one, then finds it gone and keeps nothing of it.
  const rows = await articleAdminRepo.lockByIds(tx, ids);
  const posts = rows.flatMap((row) => (row.source && row.telegramId ? [{ source: row.source, telegramId: row.telegramId, title: row.title }] : []));
  await keepDeleted(tx, rows.map((r) => r.id), who.reason, who.by);
  await blocklistRepo.block(tx, posts.map((post) => ({ ...post, reason: who.blockReason })));
  await postStore.blockAll(tx, posts);
  const deleted = new Set((await articleAdminRepo.delete(tx, rows.map((r) => r.id))).map((row) => row.id));
  return ids.filter((id) => deleted.has(id));
}

/** Deletes articles in one transaction (see `deleteArticleRows`); the ids of those it deleted. */
export async function deleteArticles(s: Pick<Services, 'db' | 'contentChanged'>, ids: number[], who: DeletedBy): Promise<number[]> {
  const deleted = await s.db.transaction((tx) => deleteArticleRows(tx, ids, who));
  if (deleted.length) s.contentChanged();
  return deleted;
}

/** How long a deleted article can be restored, said after each delete. */
const restorableFor = (config: Services['config']) => `تا ${toPersianDigits(config.trashRetentionDays)} روز از «مقاله‌های حذف‌شده» بازگرداندنی است`;

export async function deleteArticle(s: Pick<Services, 'config' | 'db' | 'contentChanged'>, id: number, by: string): Promise<{ success: boolean; message: string; blocked: boolean }> {
  const row = await articleAdminRepo.byId(s.db, id);
  if (!row) throw notFound(ADMIN_ARTICLE_MESSAGES.notFound);
  // Deleted by another request since the read above: this one removed nothing.
  const deleted = await deleteArticles(s, [id], { reason: 'حذف دستی', blockReason: `حذف توسط ${ltr(by)}`, by });
  if (!deleted.length) throw notFound(ADMIN_ARTICLE_MESSAGES.notFound);
  const blocked = Boolean(row.source && row.telegramId);
  return { success: true, blocked, message: `${blocked ? 'مقاله حذف شد و پست آن در فهرست مسدود قرار گرفت' : 'مقاله حذف شد'}؛ ${restorableFor(s.config)}` };
}

const ACTION_DONE = { delete: 'حذف شد', feature: 'ویژه شد', unfeature: 'عادی شد', publish: 'منتشر شد', unpublish: 'از انتشار خارج شد' } as const;
const ALREADY = { feature: 'ویژه', unfeature: 'عادی', publish: 'منتشرشده', unpublish: 'منتشرنشده' } as const;

export async function bulkArticles(s: BulkArticlesDeps, body: BulkArticlesBody, by: string): Promise<BulkArticlesResponse> {
  const ids = [...new Set(body.articleIds)];
  if (body.action === 'delete') {
    const changedIds = await deleteArticles(s, ids, { reason: 'حذف گروهی', blockReason: `حذف گروهی توسط ${ltr(by)}`, by });
    if (!changedIds.length) throw noneFound(ARTICLES);
    const done = `${toPersianDigits(changedIds.length)} مقاله ${ACTION_DONE.delete}${missingWords(ARTICLES, ids.length - changedIds.length)}`;
    return { success: true, message: `${done}؛ ${restorableFor(s.config)}`, changedIds };
  }
  // Ids that name no article (deleted meanwhile) are neither changed nor counted as 'already so'.
  const rows = await articleAdminRepo.byIds(s.db, ids);
  const found = rows.map((row) => row.id);
  if (!found.length) throw noneFound(ARTICLES);
  if (body.action === 'category') return bulkCategory(s, rows, { wanted: body.category ?? '', asked: ids.length }, by);
  const { action } = body;
  const publishing = action === 'publish' || action === 'unpublish' ? await bulkPublish(s, rows, action, by) : null;
  const changedIds = publishing ? publishing.changedIds : await articleAdminRepo.setFeatured(s.db, found, action === 'feature');
  const operation = publishing?.operationId === undefined ? {} : { operationId: publishing.operationId };
  if ((action === 'feature' || action === 'unfeature') && changedIds.length) s.contentChanged();
  // Articles already in the state asked for are left as they were, and the answer says so.
  const message = bulkMessage(ARTICLES, { changed: changedIds.length, already: found.length - changedIds.length, missing: ids.length - found.length }, {
    done: (n) => `${n} مقاله ${ACTION_DONE[action]}`,
    wasSo: `از پیش ${ALREADY[action]}`,
  });
  return { success: true, message, changedIds, ...operation };
}

 /**
 * Articles moved to another category in one operation: each keeps a version (its history shows the
 * move and who made it), the category becomes hand-edited (a later rewrite of the post keeps it),
 * and the operation's undo puts each back where it was.
 */
async function bulkCategory(s: BulkArticlesDeps, rows: ArticleRow[], ask: { wanted: string; asked: number }, by: string): Promise<BulkArticlesResponse> {
  const category = findCategory(ask.wanted)?.name ?? await siteCategoryName(s.db, ask.wanted);
  if (!category) throw new AppError('validation_error', ADMIN_ARTICLE_MESSAGES.unknownCategory);
  const moving = rows.filter((row) => row.category !== category);
  const name = categoryFaName(category);
  const message = (changed: number) => bulkMessage(ARTICLES, { changed, already: rows.length - changed, missing: ask.asked - rows.length }, {
    done: (n) => `${n} مقاله به دستهٔ «${name}» منتقل شد`,
    wasSo: `از پیش در دستهٔ «${name}»`,
  });
  if (!moving.length) return { success: true, message: message(0), changedIds: [] };
  const { changedIds, operationId } = await asOperation(s, { kind: 'bulk-category', params: { articleIds: rows.map((row) => row.id), category }, by }, async () => {
    // One transaction: a move that fails midway leaves every article where it was.
    const moved = await s.db.transaction(async (tx) => {
      const ids: number[] = [];
      for (const row of moving) {
        await versionRepo.keep(tx, row, { action: 'edit', changed: ['category'], by });
        await keepBefore(tx, row, ['category']);
        const saved = await articleAdminRepo.saveEdit(tx, row.id, {
          category, ...derivedFields({ ...row, category }), editedFields: withFields(row.editedFields, ['category']), updatedAt: new Date(),
        });
        if (saved) ids.push(row.id);
      }
      return ids;
    });
    if (moved.length) s.contentChanged({ articleIds: moved });
    return moved;
  }, (n) => `${n} مقاله به دستهٔ «${name}» منتقل شد`);
  return { success: true, message: message(changedIds.length), changedIds, operationId };
}

/**
 * `write` run as an operation of the admin's (`kind`): what it changes is kept for the operation's
 * undo, its log says `done(count)`, and it finishes as a success or, when `write` throws, an error.
 * `write` changes its articles in one transaction, so a failure changed none, and the answer says so.
 */
async function asOperation(
  s: Pick<Services, 'db' | 'log'>, op: { kind: string; params: Record<string, unknown>; by: string }, write: () => Promise<number[]>, done: (count: string) => string,
): Promise<{ changedIds: number[]; operationId: number }> {
  const total = (op.params.articleIds as number[]).length;
  const operation = await operationsRepo.create(s.db, { kind: op.kind, params: op.params, requestedBy: op.by, status: 'running' });
  try {
    const changedIds = await withOperation(operation.id, write);
    await operationsRepo.log(s.db, operation.id, done(toPersianDigits(changedIds.length)));
    await operationsRepo.finish(s.db, operation.id, 'success', { total, updated: changedIds.length });
    return { changedIds, operationId: operation.id };
  } catch (error) {
    s.log.error(`${op.kind} ${operation.id} failed, nothing changed: ${commandFailureText(error)}`);
    // Recorded when the database still answers; the editor's answer does not wait on it.
    await operationsRepo.log(s.db, operation.id, `${NOTHING_CHANGED}: نوشتن مقاله‌ها در میانهٔ کار ناموفق بود`, true).catch(() => undefined);
    await operationsRepo.finish(s.db, operation.id, 'error', { total, updated: 0 }, { completed: false }).catch(() => undefined);
    throw nothingChangedError(error);
  }
}

const NOTHING_CHANGED = 'هیچ مقاله‌ای تغییر نکرد';

/** A failed bulk write's answer: the usual one for its cause, saying that no article changed. */
function nothingChangedError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (databaseUnavailable(error)) {
    return new AppError('unavailable', `پایگاه داده در این لحظه در دسترس نیست؛ ${NOTHING_CHANGED}. چند لحظه بعد دوباره تلاش کنید.`, { 'retry-after': String(RETRY_AFTER_SECONDS) });
  }
  return new AppError('internal', `خطای داخلی سرور؛ ${NOTHING_CHANGED}. لطفاً دوباره تلاش کنید.`);
}

const ARTICLES: BulkNoun = { one: 'مقاله', linked: 'مقالهٔ', any: 'مقاله‌ای', plural: 'مقاله‌های' };

/**
 * A bulk publish or unpublish runs as an operation that keeps each article as it was, so its undo
 * (the toast's «بازگرداندن», or «عملیات») puts back exactly that: an unpublish reason, its date.
 */
async function bulkPublish(s: BulkArticlesDeps, rows: ArticleRow[], action: 'publish' | 'unpublish', by: string): Promise<{ changedIds: number[]; operationId?: number }> {
  // Nothing to change, nothing to undo: no operation for the list.
  const publish = action === 'publish';
  if (!rows.some((row) => (row.status === 'published') !== publish)) return { changedIds: [] };
  return asOperation(s, { kind: `bulk-${action}`, params: { articleIds: rows.map((row) => row.id) }, by },
    () => setPublishedMany(s, rows, publish, by), (n) => `${n} مقاله ${ACTION_DONE[action]}`);
}
