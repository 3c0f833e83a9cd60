// Posts a channel check found edited at their source whose articles are on the site. One is
// written again at once (its article keeps a version to restore); more than one in a check
// waits for an editor: an operation 'source-edits' lists them and changes nothing, the posts are
// held so later checks leave them, and its confirmation reads those posts again from the channel
// and writes their articles (the fetch-posts job, kept for undo).
import { and, eq, inArray } from 'drizzle-orm';
import { telegramPosts, type Db } from '@chapar/db';
import { handle, toPersianDigits as fa } from '@chapar/shared/text';
import { articleAdminRepo } from '../articles/admin-repo.ts';
import { operationsRepo, type OperationRow } from '../operations/operations-repo.ts';
import { buildPlan, planItem } from '../operations/plans.ts';
import type { PostRef, PostState } from '../posts/post-store.ts';
import type { Services } from '../../services.ts';

export const SOURCE_EDITS_KIND = 'source-edits';
export const EDITED_AT_SOURCE = 'پست در کانال ویرایش شده است (متن یا رسانهٔ آن)؛ با تأیید، پست دوباره خوانده و مقاله از نسخهٔ تازهٔ آن نوشته می‌شود';

/** Edits held for an editor: the posts taken out of the pipeline, and the operation that lists them. */
export interface HeldEdits {
  held: PostRef[];
  operationId: number | null;
}

/** Sets the state of posts of one channel (only of those in `from`, when given), in one statement; how many changed. */
async function setStates(db: Db, source: string, ids: number[], state: PostState, from?: PostState): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db.update(telegramPosts).set({ state })
    .where(and(eq(telegramPosts.source, source), inArray(telegramPosts.telegramId, ids), from ? eq(telegramPosts.state, from) : undefined))
    .returning({ id: telegramPosts.id });
  return rows.length;
}

/**
 * Releases held posts whose edit will not be written (the plan cancelled, the item unchecked, the
 * AI failing): their articles stay as they are and the posts become 'published' again. The
 * check tells an edit by the post's fingerprint, which it stored when it found the edit, so the
 * next check reads them as unchanged: 'published' means it neither rewrites them nor raises the
 * same edit again, while a later edit at the source changes the fingerprint and is raised anew.
 * ('new' or 'failed' would have the next check rewrite them unasked; 'held' leaves them stuck.)
 * An editor who wants the edit after all regenerates the article, from the stored (edited) post.
 */
export async function release(db: Db, source: string, ids: number[]): Promise<number> {
  return setStates(db, source, ids, 'published', 'held');
}

/**
 * Holds the edits of `channel` one check found, if they would rewrite more than one published
 * article. A post a waiting plan already lists stays held for it (that plan reads it again when
 * confirmed): edited again, alone or with others, it is neither rewritten nor planned twice.
 */
export async function holdEdits(s: Pick<Services, 'db' | 'log'>, channel: string, edited: PostRef[]): Promise<HeldEdits> {
  if (!edited.length) return { held: [], operationId: null };
  const found = await articleAdminRepo.bySourceIds(s.db, channel, edited.map((ref) => ref.telegramId));
  const byPost = new Map(found.filter((a) => a.status === 'published').map((a) => [a.telegramId, a]));
  const planned = await operationsRepo.awaitingArticleIds(s.db, SOURCE_EDITS_KIND);
  const inPlan = edited.filter((ref) => planned.has(byPost.get(ref.telegramId)?.id ?? -1));
  if (inPlan.length) await setStates(s.db, channel, inPlan.map((ref) => ref.telegramId), 'held');
  const refs = edited.filter((ref) => byPost.has(ref.telegramId) && !inPlan.includes(ref));
  if (refs.length <= 1) return { held: inPlan, operationId: null };
  const ids = refs.map((ref) => ref.telegramId);
  await setStates(s.db, channel, ids, 'held');
  const op = await operationsRepo.create(s.db, {
    kind: SOURCE_EDITS_KIND, job: 'fetch-posts', params: { source: channel, ids, force: true },
    requestedBy: null, status: 'awaiting', plan: buildPlan(refs.map((ref) => planItem(byPost.get(ref.telegramId)!, 'rewrite', EDITED_AT_SOURCE)), { exact: true }),
  });
  await operationsRepo.log(s.db, op.id, `بررسی کانال ${handle(channel)}: ${fa(refs.length)} پست ویرایش‌شده پیدا شد؛ مقاله‌ها تا تأیید ویراستار دست نمی‌خورند`);
  s.log.warn(`${channel}: ${refs.length} edited posts wait for an editor's confirmation (operation ${op.id})`);
  return { held: [...inPlan, ...refs], operationId: op.id };
}

/** The posts of a confirmed plan the editor kept: those whose articles are among `planned`. */
export async function plannedPostIds(s: Pick<Services, 'db'>, source: string, ids: number[], planned: Array<{ articleId: number }>): Promise<number[]> {
  const kept = new Set(planned.map((item) => item.articleId));
  const chosen = new Set((await articleAdminRepo.bySourceIds(s.db, source, ids)).filter((a) => kept.has(a.id)).map((a) => a.telegramId));
  return ids.filter((id) => chosen.has(id));
}

/** A cancelled plan (or a confirmed one cancelled before it started): its posts are released, its articles left as they are. */
export async function releaseCancelledEdits(s: Pick<Services, 'db'>, row: OperationRow): Promise<void> {
  // A running one stops at its next post and releases the rest itself (apply-edits.ts).
  if (row.kind !== SOURCE_EDITS_KIND || row.status === 'running') return;
  const params = row.params as { source?: string; ids?: number[] };
  if (!params.source || !params.ids?.length) return;
  const released = await release(s.db, params.source, params.ids);
  if (released) await operationsRepo.log(s.db, row.id, `${fa(released)} پست ویرایش‌شده کنار گذاشته شد؛ مقاله‌ها همان‌طور که بودند می‌مانند`);
}

/** What an answer says of edits held for an editor. */
export const editWords = (awaiting: number): string[] =>
  (awaiting ? [`${fa(awaiting)} پست در کانال ویرایش شده است؛ مقاله‌هایشان تا تأیید ویراستار در «عملیات» دست نمی‌خورند`] : []);
