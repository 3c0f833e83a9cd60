import { useState } from 'react';
import { CheckCheck, Trash2 } from 'lucide-react';
import type { AdminComment } from '@chapar/shared/contracts';
import { formatNumberFa } from '@chapar/shared/text';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { useToast } from '../../../../components/ui/toast.tsx';
import { ConfirmDialog } from '../../../components/dialogs.tsx';
import { FilterButtons } from '../../../components/filter-buttons.tsx';
import { StatCard, StatGrid } from '../../../components/stat-card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { TOAST_TITLES } from '../../../lib/api.ts';
import { COMMENT_TEXTS, useAdminComments, useBulkComments, useDeleteComment, type CommentFilter } from '../api.ts';
import { CommentItem } from './comment-item.tsx';
import { DeletedComments } from './deleted-comments.tsx';

const FILTERS = [
  { value: 'all', label: 'همه' },
  { value: 'pending', label: 'در انتظار تأیید' },
  { value: 'approved', label: 'تأییدشده' },
  { value: 'deleted', label: 'حذف‌شده' },
] as const;
type View = CommentFilter | 'deleted';

function allIds(comments: AdminComment[]): number[] {
  return comments.flatMap((c) => [c.id, ...allIds(c.replies)]);
}

/** Spec 03 §2.3 'Comments tab'. */
export function CommentsTab() {
  const [view, setView] = useState<View>('all');
  // The deleted view reads its own list; the stats above stay those of every live comment.
  const filter: CommentFilter = view === 'deleted' ? 'all' : view;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirm, setConfirm] = useState<null | { kind: 'bulk' } | { kind: 'one'; comment: AdminComment }>(null);
  const { toast } = useToast();
  const list = useAdminComments(filter);
  const bulk = useBulkComments(() => setSelected(new Set()));
  const remove = useDeleteComment();

  const toggle = (id: number, on: boolean) => setSelected((current) => {
    const next = new Set(current);
    if (on) next.add(id); else next.delete(id);
    return next;
  });
  const runBulk = (action: 'approve' | 'delete') => {
    if (selected.size === 0) {
      toast({ title: TOAST_TITLES.error, description: 'هیچ نظری انتخاب نشده است', variant: 'destructive' });
      return;
    }
    if (action === 'delete') setConfirm({ kind: 'bulk' });
    else bulk.mutate({ action, commentIds: [...selected] });
  };
  const ids = list.data ? allIds(list.data.comments) : [];
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));

  return (
    <section aria-labelledby="comments-heading" className="space-y-4">
      <h2 id="comments-heading" className="text-xl font-bold">مدیریت نظرات</h2>
      <StatGrid label="آمار نظرات">
        <StatCard label="کل نظرات" value={list.data?.stats.total} />
        <StatCard label="در انتظار تأیید" value={list.data?.stats.pending} tone="amber" />
        <StatCard label="تأییدشده" value={list.data?.stats.approved} tone="green" />
      </StatGrid>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <FilterButtons label="فیلتر نظرات" value={view} onChange={(v) => { setView(v); setSelected(new Set()); }} options={FILTERS} />
        {view !== 'deleted' && <div className="flex flex-wrap items-center gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={() => setSelected(allSelected ? new Set() : new Set(ids))} disabled={ids.length === 0}>
            {allSelected ? 'لغو انتخاب همه' : 'انتخاب همه'}
          </button>
          <span className="text-sm text-muted">{formatNumberFa(selected.size)} انتخاب‌شده</span>
          <button type="button" className={buttonStyles.secondary} onClick={() => runBulk('approve')} disabled={bulk.isPending}>
            <CheckCheck aria-hidden="true" className="size-4" />
            تأیید گروهی
          </button>
          <button type="button" className={buttonStyles.secondary} onClick={() => runBulk('delete')} disabled={bulk.isPending}>
            <Trash2 aria-hidden="true" className="size-4" />
            حذف گروهی
          </button>
        </div>}
      </div>
      {view === 'deleted' ? <DeletedComments />
        : list.isPending ? <LoadingState label="در حال بارگذاری نظرات…" />
        : list.isError ? <ErrorState message={COMMENT_TEXTS.loadFailed} onRetry={() => void list.refetch()} />
        : list.data.comments.length === 0 ? <EmptyState>{COMMENT_TEXTS.empty}</EmptyState>
        : (
          <ul aria-label="نظرات" className="space-y-3">
            {list.data.comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} selected={selected} onToggle={toggle} onDelete={(c) => setConfirm({ kind: 'one', comment: c })} />
            ))}
          </ul>
        )}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => { if (!open) setConfirm(null); }}
        title="حذف نظر"
        description={confirm?.kind === 'bulk'
          ? `آیا از حذف ${formatNumberFa(selected.size)} نظر انتخاب‌شده اطمینان دارید؟ پاسخ‌های آن‌ها هم حذف می‌شود.`
          : 'آیا از حذف این نظر اطمینان دارید؟ پاسخ‌های آن هم حذف می‌شود.'}
        confirmLabel="حذف"
        destructive
        onConfirm={() => confirm && (confirm.kind === 'bulk' ? bulk.mutate({ action: 'delete', commentIds: [...selected] }) : remove.mutate(confirm.comment.id))}
      />
    </section>
  );
}
