// Putting deleted articles back: from the deleted articles' screen, and from the toast that
// follows a delete («بازگرداندن»), so a mistaken delete is undone in one click.
import type { RestoreDeletedResponse } from '@chapar/shared/contracts';
import { useToast } from '../../components/ui/toast.tsx';
import { TOAST_TITLES, useAdminAction } from './api.ts';
import { ARTICLE_KEY, ARTICLES_KEY, BLOCKLIST_KEY, DELETED_ARTICLES_KEY } from './article-keys.ts';
import { persianServerText } from './persian-text.ts';

/** A restore or a purge changes the deleted articles, the articles table (and any open article) and the blocklist. */
export const AFTER_RESTORE = [DELETED_ARTICLES_KEY, ARTICLES_KEY, ARTICLE_KEY, BLOCKLIST_KEY];
const RESTORE_FAILED = 'خطا در بازگرداندن مقاله';
/** An undo needs time to be read and reached: twice a toast's usual life. */
export const UNDO_TOAST_MS = 10_000;

/**
 * Puts articles back under their own ids. The toast is the server's message; when none came back
 * (all skipped) it is shown as an error, not as a success.
 */
export function useRestoreArticles(onDone?: (result: RestoreDeletedResponse) => void) {
  const { toast } = useToast();
  return useAdminAction<number[], RestoreDeletedResponse>({
    run: (request, articleIds) => request('POST', '/api/admin/deleted-articles/restore', { articleIds }),
    failure: RESTORE_FAILED,
    invalidate: AFTER_RESTORE,
    onSuccess: (result) => {
      const description = persianServerText(result.message);
      toast(result.restored.length === 0
        ? { title: TOAST_TITLES.error, description, variant: 'destructive' }
        : { title: TOAST_TITLES.success, description });
      onDone?.(result);
    },
  });
}

/** The toast after a delete: the server's message and a button that restores what was deleted. */
export function useDeletedToast() {
  const { toast } = useToast();
  const restore = useRestoreArticles();
  return (message: string, articleIds: number[]) => toast({
    title: TOAST_TITLES.success,
    description: persianServerText(message),
    durationMs: UNDO_TOAST_MS,
    action: { label: 'بازگرداندن', onAction: () => restore.mutate(articleIds) },
  });
}
