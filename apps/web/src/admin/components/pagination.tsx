import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatNumberFa } from '@chapar/shared/text';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { adminButton } from './styles.ts';
import { cn } from '../../lib/cn.ts';

/** Spec 03 §9: at most 5 page buttons, centred on the current page where possible. */
export function pageWindow(page: number, totalPages: number, size = 5): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(size, totalPages);
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

interface PaginationProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  label: string;
}

/** Previous, up to five page numbers, next. */
export function Pagination({ page, totalPages, onPage, label }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      <button type="button" className={buttonStyles.secondary} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronRight aria-hidden="true" className="size-4" />
        قبلی
      </button>
      {pageWindow(page, totalPages).map((n) => (
        <button
          key={n}
          type="button"
          onClick={() => onPage(n)}
          aria-current={n === page ? 'page' : undefined}
          aria-label={`صفحه ${formatNumberFa(n)}`}
          className={cn(n === page ? adminButton.primary : buttonStyles.secondary, 'min-w-10 px-3')}
        >
          {formatNumberFa(n)}
        </button>
      ))}
      <button type="button" className={buttonStyles.secondary} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        بعدی
        <ChevronLeft aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
