// Posts a channel check found edited at their source whose articles are on the site. One is
// written again at once (its article keeps a version to restore); more than one in a check
// waits for an editor: an operation 'source-edits' lists them and changes nothing, the posts are
// held so later checks leave them, and its confirmation reads those posts again from the channel
// and writes their articles (the fetch-posts job, kept for undo).
import { handle, toPersianDigits as fa } from '@chapar/shared/text';
import { articleAdminRepo } from '../articles/admin-repo.ts';
import { operationsRepo } from '../operations/operations-repo.ts';
import { buildPlan, planItem } from '../operations/plans.ts';
import { postStore, type PostRef } from '../posts/post-store.ts';
import type { Services } from '../../services.ts';

export const SOURCE_EDITS_KIND = 'source-edits';
export const EDITED_AT_SOURCE = 'متن پست در کانال ویرایش شده است؛ با تأیید، پست دوباره خوانده و مقاله از متن تازهٔ آن نوشته می‌شود';

/** Edits held for an editor: the posts taken out of the pipeline, and the operation that lists them. */
export interface HeldEdits {
  held: PostRef[];
  operationId: number | null;
}

/** Holds the edits of `channel` one check found, if they would rewrite more than one published article. */
export async function holdEdits(s: Pick<Services, 'db' | 'log'>, channel: string, edited: PostRef[]): Promise<HeldEdits> {
  const rows = [];
  const refs: PostRef[] = [];
  for (const ref of edited) {
    const article = await articleAdminRepo.bySource(s.db, ref.source, ref.telegramId);
    if (article?.status === 'published') {
      rows.push(article);
      refs.push(ref);
    }
  }
  if (rows.length <= 1) return { held: [], operationId: null };
  for (const ref of refs) await postStore.setState(s.db, ref, 'held');
  const op = await operationsRepo.create(s.db, {
    kind: SOURCE_EDITS_KIND, job: 'fetch-posts', params: { source: channel, ids: refs.map((ref) => ref.telegramId), force: true },
    requestedBy: null, status: 'awaiting', plan: buildPlan(rows.map((a) => planItem(a, 'rewrite', EDITED_AT_SOURCE)), { exact: true }),
  });
  await operationsRepo.log(s.db, op.id, `بررسی کانال ${handle(channel)}: ${fa(rows.length)} پست ویرایش‌شده پیدا شد؛ مقاله‌ها تا تأیید ویراستار دست نمی‌خورند`);
  s.log.warn(`${channel}: ${rows.length} edited posts wait for an editor's confirmation (operation ${op.id})`);
  return { held: refs, operationId: op.id };
}

/** The posts of a confirmed plan the editor kept: those whose articles are among `planned`. */
export async function plannedPostIds(s: Pick<Services, 'db'>, source: string, ids: number[], planned: Array<{ articleId: number }>): Promise<number[]> {
  const kept = new Set(planned.map((item) => item.articleId));
  const chosen: number[] = [];
  for (const id of ids) {
    const article = await articleAdminRepo.bySource(s.db, source, id);
    if (article && kept.has(article.id)) chosen.push(id);
  }
  return chosen;
}

/** What an answer says of edits held for an editor. */
export const editWords = (awaiting: number): string[] =>
  (awaiting ? [`${fa(awaiting)} پست در کانال ویرایش شده است؛ مقاله‌هایشان تا تأیید ویراستار در «عملیات» دست نمی‌خورند`] : []);
