import { useId, useMemo } from 'react';
import { RotateCcw } from 'lucide-react';
import type { AdminArticle, ArticleVersionSummary } from '@chapar/shared/contracts';
import { formatJalaliDateTime } from '@chapar/shared/text';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { adminButton } from '../../../components/styles.ts';
import { AdminDialog, DialogFooter } from '../../../components/dialogs.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { useArticleVersion } from '../api.ts';
import { versionChanges, versionLabel, type FieldChange } from '../version-changes.ts';
import { diffSide, diffWords, type DiffPart } from '../word-diff.ts';
import { addedStyle, DiffText, removedStyle } from './diff-text.tsx';

export const COMPARE_TEXTS = {
  title: 'مقایسه با نسخهٔ فعلی',
  version: 'این نسخه',
  current: 'نسخهٔ فعلی',
  same: 'این نسخه با نسخهٔ فعلی یکسان است؛ بازگرداندن آن چیزی را تغییر نمی‌دهد.',
  markupOnly: 'متن یکسان است؛ تنها قالب‌بندی (پیوند، سرتیتر یا جاسازی) فرق دارد.',
  loadFailed: 'خطا در بارگذاری نسخه',
  restore: 'بازگرداندن این نسخه',
  close: 'بستن',
} as const;

function Side({ caption, change, parts, side }: { caption: string; change: FieldChange; parts: DiffPart[]; side: 'before' | 'after' }) {
  const url = side === 'before' ? change.before : change.after;
  const scroll = change.field === 'content';
  return (
    <div className="min-w-0 rounded-lg border border-border bg-surface/50 p-3">
      <p className={cn('mb-2 text-xs font-bold', side === 'after' ? 'text-fg' : 'text-muted')}>{caption}</p>
      {change.field === 'imageUrl' && url && (
        <img src={url} alt={`${change.label} در ${caption}`} loading="lazy" className="mb-2 aspect-video w-full max-w-xs rounded-md border border-border bg-surface object-cover" />
      )}
      {scroll ? (
        // A long body scrolls in its own box; focusable, so the keyboard can scroll it.
        <div role="region" aria-label={`${change.label} در ${caption}`} tabIndex={0} className="max-h-80 overflow-y-auto rounded-md focus-visible:outline-3 focus-visible:outline-ring">
          <DiffText parts={parts} className="leading-8" />
        </div>
      ) : <DiffText parts={parts} ltr={change.ltr} className="leading-8" />}
    </div>
  );
}

function FieldDiff({ change }: { change: FieldChange }) {
  const parts = useMemo(() => diffWords(change.before, change.after), [change.before, change.after]);
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h4 id={id} className="font-bold">{change.label}</h4>
      {change.markupOnly && <p className="text-xs text-muted">{COMPARE_TEXTS.markupOnly}</p>}
      <div className="grid gap-2 md:grid-cols-2">
        <Side caption={COMPARE_TEXTS.version} change={change} parts={diffSide(parts, 'before')} side="before" />
        <Side caption={COMPARE_TEXTS.current} change={change} parts={diffSide(parts, 'after')} side="after" />
      </div>
    </section>
  );
}

/**
 * A version beside the current article: only the fields that differ, the version's value and the
 * current one (side by side from medium screens up, stacked on a phone), words marked.
 */
export function VersionCompareDialog({ articleId, version, current, onClose, onRestore }: {
  articleId: number;
  version: ArticleVersionSummary | null;
  current: AdminArticle | undefined;
  onClose: () => void;
  onRestore: (version: ArticleVersionSummary) => void;
}) {
  const detail = useArticleVersion(articleId, version?.id ?? null);
  const changes = useMemo(() => (detail.data && current ? versionChanges(detail.data.fields, current) : null), [detail.data, current]);
  const description = version ? `${versionLabel(version)}، ${formatJalaliDateTime(version.savedAt)}` : undefined;
  return (
    <AdminDialog open={version !== null} onOpenChange={(open) => { if (!open) onClose(); }} title={COMPARE_TEXTS.title} description={description} wide>
      {detail.isPending || !current ? <LoadingState label="در حال بارگذاری نسخه…" />
        : detail.isError ? <ErrorState message={COMPARE_TEXTS.loadFailed} onRetry={() => void detail.refetch()} />
        : (
          <div className="space-y-5">
            {changes?.length ? (
              <>
                <p className="text-xs text-muted">
                  تنها فیلدهایی که با نسخهٔ فعلی فرق دارند آمده‌اند. واژه‌هایی که نسخهٔ فعلی ندارد <del className={removedStyle}>خط‌خورده</del> و واژه‌هایی که نسخهٔ فعلی افزوده <ins className={addedStyle}>زیرخط‌دار</ins> نشان داده شده‌اند.
                </p>
                {changes.map((change) => <FieldDiff key={change.field} change={change} />)}
              </>
            ) : <p role="status" className="rounded-lg border border-border p-4 text-sm">{COMPARE_TEXTS.same}</p>}
            <DialogFooter className="flex-wrap">
              <button type="button" onClick={onClose} className={buttonStyles.secondary}>{COMPARE_TEXTS.close}</button>
              {version && changes?.length ? (
                <button type="button" onClick={() => onRestore(version)} className={adminButton.primary}>
                  <RotateCcw aria-hidden="true" className="size-4" />
                  {COMPARE_TEXTS.restore}
                </button>
              ) : null}
            </DialogFooter>
          </div>
        )}
    </AdminDialog>
  );
}
