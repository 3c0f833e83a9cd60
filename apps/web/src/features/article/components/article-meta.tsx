import type { ReactNode } from 'react';
import { CalendarDays, Eye, History } from '../../../components/icons';
import type { Article } from '@chapar/shared/contracts';
import { formatJalaliDate, formatJalaliDateTime, formatNumberFa, formatRelativeFa } from '@chapar/shared/text';
import { useNow } from '../../../lib/now.tsx';

/** Spec 02 §4: the last-update label refreshes every 30 s. */
export const LAST_UPDATE_REFRESH_MS = 30_000;

function LastUpdate({ updatedAt }: { updatedAt: string }) {
  const now = useNow(LAST_UPDATE_REFRESH_MS);
  return (
    <span className="inline-flex items-center gap-1">
      <History aria-hidden="true" className="size-4" />
      آخرین به‌روزرسانی: <time dateTime={updatedAt} title={formatJalaliDateTime(updatedAt)}>{formatRelativeFa(updatedAt, now)}</time>
    </span>
  );
}

/** Spec 02 §2 item 6: views, the Jalali date, the last update and the offline-save action. */
export function ArticleMeta({ article, children }: { article: Article; children?: ReactNode }) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
      <span className="inline-flex items-center gap-1"><Eye aria-hidden="true" className="size-4" />{formatNumberFa(article.views)} بازدید</span>
      <span className="inline-flex items-center gap-1">
        <CalendarDays aria-hidden="true" className="size-4" />
        <time dateTime={article.publishedAt} title={formatJalaliDateTime(article.publishedAt)}>{formatJalaliDate(article.publishedAt)}</time>
      </span>
      <LastUpdate updatedAt={article.updatedAt} />
      {children && <span className="ms-auto">{children}</span>}
    </div>
  );
}
