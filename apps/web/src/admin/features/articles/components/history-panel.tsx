import { useState } from 'react';
import { History, RotateCcw } from 'lucide-react';
import { ARTICLE_FIELD_LABELS, type AdminArticle, type ArticleVersionSummary, type ProtectedArticleField } from '@chapar/shared/contracts';
import { formatJalaliDateTime } from '@chapar/shared/text';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { ConfirmDialog } from '../../../components/dialogs.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { useArticleVersions, useRestoreVersion } from '../api.ts';

const fieldNames = (fields: string[]) => fields.map((f) => ARTICLE_FIELD_LABELS[f as ProtectedArticleField] ?? f).join('، ');

/** The article's earlier versions (newest first), each restorable. */
export function HistoryPanel({ articleId, onRestored }: { articleId: number; onRestored: (article: AdminArticle) => void }) {
  const versions = useArticleVersions(articleId, true);
  const restore = useRestoreVersion(onRestored);
  const [pending, setPending] = useState<ArticleVersionSummary | null>(null);
  return (
    <section aria-labelledby="history-heading" className="space-y-3">
      <h3 id="history-heading" className="flex items-center gap-2 font-bold">
        <History aria-hidden="true" className="size-4" />
        تاریخچه نسخه‌ها
      </h3>
      {versions.isPending ? <LoadingState label="در حال بارگذاری تاریخچه…" />
        : versions.isError ? <ErrorState message="خطا در بارگذاری تاریخچه" onRetry={() => void versions.refetch()} />
        : versions.data.versions.length === 0 ? <EmptyState>هنوز نسخهٔ پیشینی ذخیره نشده است.</EmptyState>
        : (
          <ol className="space-y-2">
            {versions.data.versions.map((version) => (
              <li key={version.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3">
                <div className="min-w-0">
                  <p className="font-medium">{version.title}</p>
                  <p className="text-xs text-muted">
                    {formatJalaliDateTime(version.savedAt)}
                    {version.savedBy ? ` — ${version.savedBy}` : ''}
                  </p>
                  <p className="text-xs text-muted">{version.summary || (version.changedFields.length ? `تغییر: ${fieldNames(version.changedFields)}` : '')}</p>
                </div>
                <button type="button" onClick={() => setPending(version)} disabled={restore.isPending} className={buttonStyles.secondary} aria-label={`بازگرداندن نسخهٔ «${version.title}» از ${formatJalaliDateTime(version.savedAt)}`}>
                  <RotateCcw aria-hidden="true" className="size-4" />
                  بازگرداندن
                </button>
              </li>
            ))}
          </ol>
        )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => { if (!open) setPending(null); }}
        title="بازگرداندن نسخه"
        description="مقاله به این نسخه بازمی‌گردد و حالت کنونی آن در تاریخچه نگه داشته می‌شود. ادامه می‌دهید؟"
        confirmLabel="بازگرداندن"
        onConfirm={() => { if (pending) restore.mutate({ id: articleId, versionId: pending.id }); setPending(null); }}
      />
    </section>
  );
}
