import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArchiveRestore, Search } from 'lucide-react';
import type { AdminArticleSort, AdminArticleStatus } from '@chapar/shared/contracts';
import { buttonStyles, inputStyles } from '../../../../components/ui/button-styles.ts';
import { Select, type Option } from '../../../components/fields.tsx';
import { adminPaths } from '../../../paths.ts';

export const SORT_OPTIONS: Option<AdminArticleSort>[] = [
  { value: 'publishedAt', label: 'تاریخ انتشار' },
  { value: 'title', label: 'عنوان' },
  { value: 'views', label: 'بازدید' },
  { value: 'category', label: 'دسته‌بندی' },
];
const ORDER_OPTIONS: Option<'asc' | 'desc'>[] = [
  { value: 'desc', label: 'نزولی' },
  { value: 'asc', label: 'صعودی' },
];
const STATUS_OPTIONS: Option<AdminArticleStatus>[] = [
  { value: 'all', label: 'همه' },
  { value: 'published', label: 'منتشرشده' },
  { value: 'unpublished', label: 'منتشرنشده' },
];

interface ToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  status: AdminArticleStatus;
  onStatus: (value: AdminArticleStatus) => void;
  sortBy: AdminArticleSort;
  onSortBy: (value: AdminArticleSort) => void;
  sortOrder: 'asc' | 'desc';
  onSortOrder: (value: 'asc' | 'desc') => void;
  /** Actions at the toolbar's end (the podcasts of recent articles). */
  children?: ReactNode;
}

/**
 * Search (title, content, excerpt, telegramId; sent 300 ms after typing stops), status and sort,
 * and the way to the deleted articles, where a deleted one is found again.
 */
export function ArticlesToolbar(props: ToolbarProps) {
  const searchId = useId();
  const [text, setText] = useState(props.search);
  const { onSearch, search } = props;
  useEffect(() => {
    if (text.trim() === search) return undefined;
    const timer = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, search, onSearch]);
  return (
    <div role="search" className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium">جستجو در مقالات</label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
          <input
            id={searchId}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="عنوان، متن، خلاصه یا شناسه تلگرام"
            className={`${inputStyles} ps-9`}
          />
        </div>
      </div>
      <Select label="وضعیت انتشار" value={props.status} onChange={props.onStatus} options={STATUS_OPTIONS} />
      <Select label="مرتب‌سازی بر اساس" value={props.sortBy} onChange={props.onSortBy} options={SORT_OPTIONS} />
      <Select label="ترتیب" value={props.sortOrder} onChange={props.onSortOrder} options={ORDER_OPTIONS} />
      {props.children}
      <Link to={adminPaths.deletedArticles()} className={buttonStyles.secondary}>
        <ArchiveRestore aria-hidden="true" className="size-4" />
        مقاله‌های حذف‌شده
      </Link>
    </div>
  );
}
