import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Columns2, History, RotateCcw } from 'lucide-react';
import type { AdminArticle, ArticleVersionSummary } from '@chapar/shared/contracts';
import { formatJalaliDateTime } from '@chapar/shared/text';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { useToast } from '../../../../components/ui/toast.tsx';
import { ConfirmDialog } from '../../../components/dialogs.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { TOAST_TITLES, errorText, useAdminRequest } from '../../../lib/api.ts';
import { articleVersionQuery, useArticleVersions, useRestoreVersion } from '../api.ts';
import { currentLabel, versionChanges, versionLabel, type FieldChange } from '../version-changes.ts';
import { COMPARE_TEXTS, VersionCompareDialog } from './version-compare.tsx';

export const HISTORY_TEXTS = {
  current: 'نسخهٔ فعلی',
  compare: 'مقایسه',
  restore: 'بازگرداندن',
  confirmTitle: 'بازگرداندن نسخه',
  confirmChanges: (version: string) => `این فیلدها به مقدار «${version}» برمی‌گردند؛ حالت کنونی مقاله در تاریخچه نگه داشته می‌شود.`,
  unsaved: 'تغییرهای ذخیره‌نشدهٔ فرم ویرایش از بین می‌رود.',
  sameTitle: 'بدون تغییر',
} as const;

interface PendingRestore { version: ArticleVersionSummary; changes: FieldChange[] }

/**
 * The article's history: the current article first, then each earlier version (newest first), each
 * named for the save that replaced it, with a compare view against the current article and a
 * restore that first says which fields will change.
 */
export function HistoryPanel({ articleId, current, unsavedChanges = false, onRestored }: {
  articleId: number;
  /** The article as saved now (not the form's unsaved values). */
  current: AdminArticle | undefined;
  unsavedChanges?: boolean;
  onRestored: (article: AdminArticle) => void;
}) {
  const versions = useArticleVersions(articleId, true);
  const request = useAdminRequest();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const currentEntry = useRef<HTMLLIElement>(null);
  const [comparing, setComparing] = useState<ArticleVersionSummary | null>(null);
  const [preparing, setPreparing] = useState<number | null>(null);
  const [pending, setPending] = useState<PendingRestore | null>(null);
  const restore = useRestoreVersion((article) => {
    onRestored(article);
    // The list is read again by now: the restored article heads it as the current version.
    setTimeout(() => currentEntry.current?.focus(), 0);
  });

  /** Reads the version's fields, then asks, naming the fields that will change. */
  const askRestore = async (version: ArticleVersionSummary) => {
    if (preparing !== null || !current) return;
    setPreparing(version.id);
    try {
      const detail = await queryClient.fetchQuery(articleVersionQuery(request, articleId, version.id));
      const changes = versionChanges(detail.fields, current);
      if (changes.length) setPending({ version, changes });
      else toast({ title: HISTORY_TEXTS.sameTitle, description: COMPARE_TEXTS.same });
    } catch (error) {
      toast({ title: TOAST_TITLES.error, description: errorText(error, COMPARE_TEXTS.loadFailed), variant: 'destructive' });
    } finally {
      setPreparing(null);
    }
  };

  const list = versions.data?.versions ?? [];
  return (
    <section aria-labelledby="history-heading" className="space-y-3">
      <h3 id="history-heading" className="flex items-center gap-2 font-bold">
        <History aria-hidden="true" className="size-4" />
        تاریخچه نسخه‌ها
      </h3>
      {versions.isPending ? <LoadingState label="در حال بارگذاری تاریخچه…" />
        : versions.isError ? <ErrorState message="خطا در بارگذاری تاریخچه" onRetry={() => void versions.refetch()} />
        : (
          <ol aria-label="نسخه‌ها، از تازه‌ترین" className="space-y-2">
            {current && (
              <li ref={currentEntry} tabIndex={-1} aria-current="true" className="rounded-lg border-2 border-accent/50 bg-accent-soft/40 p-3 outline-none focus-visible:outline-3 focus-visible:outline-ring">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="rounded-full bg-accent-solid px-2 py-0.5 text-xs font-bold text-accent-fg dark:bg-red-700">{HISTORY_TEXTS.current}</span>
                  <span className="text-xs text-muted">
                    {currentLabel(list[0])}
                    {list[0] && <>، <time dateTime={list[0].savedAt}>{formatJalaliDateTime(list[0].savedAt)}</time></>}
                  </span>
                </p>
                <p className="mt-1 font-medium">{current.title}</p>
              </li>
            )}
            {list.map((version) => {
              const label = versionLabel(version);
              const when = formatJalaliDateTime(version.savedAt);
              return (
                <li key={version.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border border-border p-3">
                  <div className="min-w-0 flex-1 basis-64">
                    <p className="font-medium">{label}</p>
                    <p className="text-xs text-muted">جایگزین‌شده در <time dateTime={version.savedAt}>{when}</time></p>
                    <p className="mt-1 text-sm">
                      <span className="text-muted">عنوان این نسخه: </span>
                      «{version.title}»
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <button type="button" onClick={() => setComparing(version)} className={buttonStyles.secondary} aria-label={`مقایسهٔ ${label}، ${when}، با نسخهٔ فعلی`}>
                      <Columns2 aria-hidden="true" className="size-4" />
                      {HISTORY_TEXTS.compare}
                    </button>
                    <button
                      type="button"
                      onClick={() => void askRestore(version)}
                      disabled={restore.isPending}
                      aria-busy={preparing === version.id || undefined}
                      className={buttonStyles.secondary}
                      aria-label={`${HISTORY_TEXTS.restore} ${label}، ${when}`}
                    >
                      <RotateCcw aria-hidden="true" className="size-4" />
                      {HISTORY_TEXTS.restore}
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      {versions.isSuccess && list.length === 0 && <EmptyState>هنوز نسخهٔ پیشینی ذخیره نشده است.</EmptyState>}
      <VersionCompareDialog articleId={articleId} version={comparing} current={current} onClose={() => setComparing(null)} onRestore={(version) => void askRestore(version)} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => { if (!open) setPending(null); }}
        title={HISTORY_TEXTS.confirmTitle}
        description={pending ? `${HISTORY_TEXTS.confirmChanges(`${versionLabel(pending.version)}، ${formatJalaliDateTime(pending.version.savedAt)}`)}${unsavedChanges ? ` ${HISTORY_TEXTS.unsaved}` : ''}` : ''}
        details={pending && (
          <ul aria-label="فیلدهایی که تغییر می‌کنند" className="mt-3 list-disc space-y-1 ps-6 text-sm">
            {pending.changes.map((change) => <li key={change.field}>{change.label}</li>)}
          </ul>
        )}
        confirmLabel={HISTORY_TEXTS.restore}
        onConfirm={() => {
          if (pending) restore.mutate({ id: articleId, versionId: pending.version.id });
          setPending(null);
          setComparing(null);
        }}
      />
    </section>
  );
}
