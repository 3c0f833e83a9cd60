// A confirmed plan of edits at the source (source-edits.ts), run by the fetch-posts job.
import { toPersianDigits as fa } from '@chapar/shared/text';
import type { OperationReporter } from '../operations/operation-reporter.ts';
import { fetchNamedPosts, type FetchNamedOptions } from './fetch-named-posts.ts';
import { plannedPostIds, release } from './source-edits.ts';

type ApplyDeps = Parameters<typeof fetchNamedPosts>[0];

/**
 * A confirmed plan: the kept posts are read again and their articles written by the configured AI
 * (a failing AI leaves an article as it was, never the offline rewriter's text over it); the posts
 * of unchecked items, and any the run did not write, are released.
 */
export async function applyEdits(
  s: ApplyDeps, options: Omit<FetchNamedOptions, 'operation'>, planned: Array<{ articleId: number }>, operation: OperationReporter,
) {
  const ids = await plannedPostIds(s, options.source, options.ids, planned);
  const left = await release(s.db, options.source, options.ids.filter((id) => !ids.includes(id)));
  if (left) await operation.log(`${fa(left)} پست که ویراستار کنار گذاشت بازنویسی نمی‌شود؛ مقاله‌هایشان همان‌طور که بودند می‌مانند`);
  try {
    const requireAI = options.useAI !== false && s.rewriter.name !== 'offline';
    const result = await fetchNamedPosts(s, { ...options, ids, requireAI, operation });
    // Counted as a repair run counts (finishedMessage): an article taken down changed too, and a run
    // that left every article because the AI failed checked nothing, which is no success.
    const { updated, unpublishedArticles: unpublished, aiFailed } = result;
    return { ...result, total: ids.length, updated: updated + unpublished, unpublished, notChecked: aiFailed };
  } finally {
    await release(s.db, options.source, ids);
  }
}
