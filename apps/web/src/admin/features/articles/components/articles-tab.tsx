import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import type { RowSelectionState, SortingState } from '@tanstack/react-table';
import type { AdminArticleRow, AdminArticleSort, AdminArticleStatus } from '@chapar/shared/contracts';
import { ADMIN_ARTICLE_MESSAGES, ADMIN_ARTICLES_PAGE_SIZE } from '@chapar/shared/contracts';
import { formatNumberFa } from '@chapar/shared/text';
import { focusRing } from '../../../../components/ui/button-styles.ts';
import { useToast } from '../../../../components/ui/toast.tsx';
import { cn } from '../../../../lib/cn.ts';
import { ConfirmDialog } from '../../../components/dialogs.tsx';
import { Checkbox } from '../../../components/fields.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { TOAST_TITLES } from '../../../lib/api.ts';
import { ARTICLE_TEXTS, useArticlesPage, useCleanArticle, useDeleteArticle, usePublishArticle, useSecondarySource } from '../api.ts';
import { usePodcastRuns } from '../podcasts.ts';
import { BREAKING_TEXTS, useBreakingNews } from '../breaking.ts';
import { ArticlesTable, sortingFrom, type RowActions } from './articles-table.tsx';
import { ArticlesToolbar } from './articles-toolbar.tsx';
import { useCan } from '../../../lib/permissions.ts';
import { BulkBar } from './bulk-bar.tsx';
import { DeleteWarning } from './delete-warning.tsx';
import { PodcastProgress, RecentPodcastsButton } from './podcast-controls.tsx';
import { UnpublishDialog } from './unpublish-dialog.tsx';

// The editor (TipTap) is its own chunk, loaded when an article is opened.
const EditArticleDialog = lazy(() => import('./edit-dialog.tsx'));

/** Spec 03 §2.3 'Articles tab', searched, sorted and paged on the server. */
export function ArticlesTab() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<AdminArticleStatus>('all');
  const [sortBy, setSortBy] = useState<AdminArticleSort>('publishedAt');
  const [sortOrder, setSortOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AdminArticleRow | null>(null);
  const [unpublishing, setUnpublishing] = useState<AdminArticleRow | null>(null);
  const [breaking, setBreaking] = useState<AdminArticleRow | null>(null);
  const { toast } = useToast();
  const listTop = useRef<HTMLDivElement>(null);

  const params = { search, status, sortBy, sortOrder, page, limit: ADMIN_ARTICLES_PAGE_SIZE };
  const list = useArticlesPage(params);
  const secondary = useSecondarySource();
  const remove = useDeleteArticle();
  const publish = usePublishArticle();
  const clean = useCleanArticle(secondary ?? '');
  const podcasts = usePodcastRuns();
  const pushBreaking = useBreakingNews();
  // A viewer reads the table; editing, publishing and bulk work need the 'articles' permission.
  const canEdit = useCan()('articles');

  // A new query starts on its first page with nothing selected.
  const resetting = <T,>(set: (value: T) => void) => (value: T) => { set(value); setPage(1); setSelection({}); };
  const onSearch = useCallback((value: string) => { setSearch(value); setPage(1); setSelection({}); }, []);
  const onSorting = (sorting: SortingState) => {
    const first = sorting[0];
    if (!first) return;
    setSortBy(first.id as AdminArticleSort);
    setSortOrder(first.desc ? 'desc' : 'asc');
    setPage(1);
  };

  // Stable (the mutations' `mutate`, not their results, which are new each render): the table's
  // cells are built from these, and new ones would replace the row's buttons, so a dialog opened
  // from one could not return focus to it.
  const cleanOne = clean.mutate;
  const publishOne = publish.mutate;
  const actions = useMemo<RowActions>(() => ({
    edit: (row) => setEditing(row.id),
    remove: (row) => setDeleting(row),
    clean: (row) => cleanOne(row.id),
    togglePublished: (row) => (row.isPublished ? setUnpublishing(row) : publishOne({ id: row.id, publish: true })),
    podcast: (row) => podcasts.makeOne(row.id, row.title),
    breaking: (row) => setBreaking(row),
  }), [cleanOne, publishOne, podcasts.makeOne]);

  const rows = list.data?.articles ?? [];
  // What a bulk action changes: the selected rows on screen (a selection never outlives its page).
  const selected = rows.filter((row) => selection[row.id]);
  const pagination = list.data?.pagination;
  // The pager is below the list: a new page is read from its top, so the view and focus go there
  // (on a phone the old page's last card was 7,000 px below the new page's first).
  const onPage = (n: number) => {
    setPage(n);
    setSelection({});
    const top = listTop.current;
    if (!top) return;
    top.focus({ preventScroll: true });
    if (top.getBoundingClientRect().top < 0) {
      const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      top.scrollIntoView?.({ block: 'start', behavior: still ? 'instant' : 'smooth' });
    }
  };

  return (
    <section aria-labelledby="articles-heading" className="space-y-4">
      <h2 id="articles-heading" className="text-xl font-bold">مدیریت مقالات</h2>
      <ArticlesToolbar
        search={search} onSearch={onSearch}
        status={status} onStatus={resetting(setStatus)}
        sortBy={sortBy} onSortBy={resetting(setSortBy)}
        sortOrder={sortOrder} onSortOrder={resetting(setSortOrder)}
      >
        {canEdit && <RecentPodcastsButton running={podcasts.run !== null} onStart={podcasts.makeRecent} />}
      </ArticlesToolbar>
      <PodcastProgress run={podcasts.run} />
      {canEdit && (
        <BulkBar
          selected={selected}
          onDone={() => setSelection({})}
          onInvalid={() => toast({ title: TOAST_TITLES.error, description: ADMIN_ARTICLE_MESSAGES.selectionRequired, variant: 'destructive' })}
        />
      )}
      <p aria-live="polite" className="text-sm text-muted">
        {pagination ? `${formatNumberFa(pagination.total)} مقاله${list.isFetching ? ' — در حال به‌روزرسانی…' : ''}` : ''}
      </p>
      <div ref={listTop} tabIndex={-1} role="group" aria-label={`مقالات، صفحهٔ ${formatNumberFa(page)}`} className={cn('scroll-mt-4 space-y-4 rounded-xl', focusRing)}>
        {list.isPending ? <LoadingState label="در حال بارگذاری مقالات…" />
          : list.isError ? <ErrorState message={ARTICLE_TEXTS.loadFailed} onRetry={() => void list.refetch()} />
          : rows.length === 0 ? <EmptyState>{ARTICLE_TEXTS.empty}</EmptyState>
          : (
            <>
              <div className={canEdit ? 'sm:hidden' : 'hidden'}>
                <Checkbox
                  label="انتخاب همه مقالات این صفحه"
                  checked={rows.every((r) => selection[r.id]) ? true : rows.some((r) => selection[r.id]) ? 'indeterminate' : false}
                  onCheckedChange={(on) => setSelection(on ? Object.fromEntries(rows.map((r) => [String(r.id), true])) : {})}
                >
                  انتخاب همه مقالات این صفحه
                </Checkbox>
              </div>
              <ArticlesTable
                rows={rows}
                sorting={sortingFrom(sortBy, sortOrder)}
                onSortingChange={onSorting}
                selection={selection}
                onSelectionChange={setSelection}
                secondarySource={secondary}
                actions={canEdit ? actions : null}
              />
            </>
          )}
      </div>
      {pagination && <Pagination page={pagination.page} totalPages={pagination.totalPages} onPage={onPage} label="صفحه‌های مقالات" />}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => { if (!open) setDeleting(null); }}
        title="حذف مقاله"
        description={deleting ? `آیا از حذف مقاله «${deleting.title}» اطمینان دارید؟` : ''}
        details={deleting && <DeleteWarning rows={[deleting]} />}
        confirmLabel="حذف"
        destructive
        onConfirm={() => { if (deleting) remove.mutate(deleting.id); setDeleting(null); }}
      />
      <ConfirmDialog
        open={breaking !== null}
        onOpenChange={(open) => { if (!open) setBreaking(null); }}
        title={BREAKING_TEXTS.title}
        description={breaking ? BREAKING_TEXTS.describe(breaking.title) : ''}
        confirmLabel={BREAKING_TEXTS.confirm}
        onConfirm={() => { if (breaking) pushBreaking.mutate(breaking.id); setBreaking(null); }}
      />
      <UnpublishDialog
        article={unpublishing}
        onClose={() => setUnpublishing(null)}
        onConfirm={(reason) => { if (unpublishing) publish.mutate({ id: unpublishing.id, publish: false, reason }); setUnpublishing(null); }}
      />
      {editing !== null && (
        <Suspense fallback={null}>
          <EditArticleDialog articleId={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </section>
  );
}
