import { formatNumberFa } from '@chapar/shared/text';
import { ChevronLeft, ChevronRight } from '../../../components/icons';
import { Link } from '../../../components/link.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { searchHref, type SearchParams } from '../api.ts';

export const PAGER_TEXTS = { label: 'صفحه‌های نتیجه جستجو', previous: 'نتیجه‌های قبلی', next: 'نتیجه‌های بعدی' } as const;

/** Earlier and later pages of results as plain links: they work without JavaScript, filters kept. */
export function SearchPager({ params, hasMore }: { params: SearchParams; hasMore: boolean }) {
  const { page } = params;
  if (page === 1 && !hasMore) return null;
  return (
    <nav aria-label={PAGER_TEXTS.label} className="mt-8 flex items-center justify-between gap-2">
      {page > 1
        ? <Link to={searchHref({ ...params, page: page - 1 })} rel="prev" className={buttonStyles.secondary}><ChevronRight aria-hidden="true" className="size-4" />{PAGER_TEXTS.previous}</Link>
        : <span />}
      <span className="text-sm text-muted">صفحهٔ {formatNumberFa(page)}</span>
      {hasMore
        ? <Link to={searchHref({ ...params, page: page + 1 })} rel="next" className={buttonStyles.secondary}>{PAGER_TEXTS.next}<ChevronLeft aria-hidden="true" className="size-4" /></Link>
        : <span />}
    </nav>
  );
}
