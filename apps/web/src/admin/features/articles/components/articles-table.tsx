import { useMemo } from 'react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowSelectionState, type SortingState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Eye, Headphones, Megaphone, Pencil, Send, Sparkles, Trash2, Upload, Undo2 } from 'lucide-react';
import { ADMIN_ARTICLE_TABLE_MESSAGES, type AdminArticleRow, type AdminArticleSort } from '@chapar/shared/contracts';
import { articlePath, categoryFaName, formatJalaliDate, formatNumberFa, isolateLatinRuns } from '@chapar/shared/text';
import { buttonStyles, focusRing } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { Checkbox } from '../../../components/fields.tsx';

export interface RowActions {
  edit: (row: AdminArticleRow) => void;
  remove: (row: AdminArticleRow) => void;
  clean: (row: AdminArticleRow) => void;
  togglePublished: (row: AdminArticleRow) => void;
  /** Makes (or remakes) the article's podcast. */
  podcast: (row: AdminArticleRow) => void;
  /** Pushes the article to readers as breaking news. */
  breaking: (row: AdminArticleRow) => void;
}

interface ArticlesTableProps {
  rows: AdminArticleRow[];
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  secondarySource: string | null;
  /** null: a role that only reads (no selection, only the links to the article and its post). */
  actions: RowActions | null;
}

const SORTABLE = new Set<string>(['title', 'category', 'publishedAt', 'views']);
const iconButton = cn(buttonStyles.iconShape, 'size-9 text-muted hover:bg-surface hover:text-fg');

function SortIcon({ state }: { state: false | 'asc' | 'desc' }) {
  if (state === 'asc') return <ArrowUp aria-hidden="true" className="size-3.5" />;
  if (state === 'desc') return <ArrowDown aria-hidden="true" className="size-3.5" />;
  return <ArrowUpDown aria-hidden="true" className="size-3.5 opacity-50" />;
}

/** The articles of one page (TanStack Table, sorted and paged by the server). */
export function ArticlesTable({ rows, sorting, onSortingChange, selection, onSelectionChange, secondarySource, actions }: ArticlesTableProps) {
  const columns = useMemo<ColumnDef<AdminArticleRow>[]>(() => ([
    {
      id: 'select', meta: { label: 'انتخاب' },
      header: ({ table }) => (
        <Checkbox
          label="انتخاب همه مقالات این صفحه"
          checked={table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false}
          onCheckedChange={(value) => table.toggleAllRowsSelected(value)}
        />
      ),
      cell: ({ row }) => (
        <Checkbox label={`انتخاب «${row.original.title}»`} checked={row.getIsSelected()} onCheckedChange={(value) => row.toggleSelected(value)} />
      ),
    },
    { accessorKey: 'id', meta: { label: 'شناسه' }, header: 'شناسه', cell: ({ getValue }) => <span className="tabular-nums">{formatNumberFa(getValue<number>(), { useGrouping: false })}</span> },
    {
      accessorKey: 'title', meta: { label: 'عنوان' },
      header: 'عنوان',
      cell: ({ row }) => (
        <div className="min-w-56 max-w-md">
          <a href={articlePath(row.original)} target="_blank" rel="noopener" className={cn('font-medium hover:text-accent hover:underline', focusRing)}>{isolateLatinRuns(row.original.title)}</a>
          {!row.original.isPublished && row.original.unpublishedReason && (
            <p className="mt-1 text-xs text-muted">دلیل: {row.original.unpublishedReason}</p>
          )}
          {row.original.missingMedia && (
            <p data-missing-media className="mt-1 text-xs text-amber-800 dark:text-amber-300">{row.original.missingMedia}؛ {ADMIN_ARTICLE_TABLE_MESSAGES.missingMediaRetry}</p>
          )}
        </div>
      ),
    },
    { accessorKey: 'category', meta: { label: 'دسته‌بندی' }, header: 'دسته‌بندی', cell: ({ getValue }) => <span className="whitespace-nowrap">{categoryFaName(getValue<string>())}</span> },
    {
      accessorKey: 'source', meta: { label: 'کانال منبع' },
      header: 'کانال منبع',
      enableSorting: false,
      cell: ({ getValue }) => {
        const source = getValue<string | null>();
        return source
          ? <span dir="ltr" className="inline-block rounded-full bg-blue-100 px-2 py-0.5 text-xs text-blue-900 dark:bg-blue-950 dark:text-blue-200">@{source}</span>
          : <span className="text-xs text-muted">سایت</span>;
      },
    },
    { accessorKey: 'publishedAt', meta: { label: 'تاریخ انتشار' }, header: 'تاریخ انتشار', cell: ({ getValue }) => <span className="whitespace-nowrap">{formatJalaliDate(getValue<string>())}</span> },
    { accessorKey: 'views', meta: { label: 'بازدید' }, header: 'بازدید', cell: ({ getValue }) => <span className="tabular-nums">{formatNumberFa(getValue<number>())}</span> },
    {
      id: 'status', meta: { label: 'وضعیت' },
      header: 'وضعیت',
      cell: ({ row }) => (
        <div className="flex flex-col items-start gap-1">
          {row.original.featured
            ? <span className="whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200">ویژه</span>
            : <span className="whitespace-nowrap rounded-full bg-surface px-2 py-0.5 text-xs text-muted">عادی</span>}
          {!row.original.isPublished && <span className="whitespace-nowrap rounded-full bg-accent-soft px-2 py-0.5 text-xs text-accent dark:text-red-200">منتشرنشده</span>}
        </div>
      ),
    },
    {
      id: 'actions', meta: { label: 'عملیات' },
      header: 'عملیات',
      cell: ({ row }) => {
        const article = row.original;
        return (
          <div className="flex items-center gap-0.5">
            {article.telegramUrl && (
              <a href={article.telegramUrl} target="_blank" rel="noopener noreferrer" aria-label={`پست اصلی «${article.title}»`} title="پست اصلی" className={iconButton}>
                <Send aria-hidden="true" className="size-4" />
              </a>
            )}
            <a href={articlePath(article)} target="_blank" rel="noopener" aria-label={`مشاهده «${article.title}»`} title="مشاهده" className={iconButton}>
              <Eye aria-hidden="true" className="size-4" />
            </a>
            {actions && secondarySource && article.source === secondarySource && (
              <button type="button" onClick={() => actions.clean(article)} aria-label={`پاک‌سازی «${article.title}»`} title="پاک‌سازی" className={iconButton}>
                <Sparkles aria-hidden="true" className="size-4" />
              </button>
            )}
            {actions && article.isPublished && (
              <button type="button" onClick={() => actions.breaking(article)} aria-label={`خبر فوری «${article.title}»`} title="خبر فوری" className={iconButton}>
                <Megaphone aria-hidden="true" className="size-4" />
              </button>
            )}
            {actions && article.isPublished && (
              <button type="button" onClick={() => actions.podcast(article)} aria-label={`ساخت پادکست «${article.title}»`} title="ساخت پادکست" className={iconButton}>
                <Headphones aria-hidden="true" className="size-4" />
              </button>
            )}
            {actions && <>
            <button type="button" onClick={() => actions.edit(article)} aria-label={`ویرایش «${article.title}»`} title="ویرایش" className={iconButton}>
              <Pencil aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              onClick={() => actions.togglePublished(article)}
              aria-label={article.isPublished ? `لغو انتشار «${article.title}»` : `انتشار دوباره «${article.title}»`}
              title={article.isPublished ? 'لغو انتشار' : 'انتشار دوباره'}
              className={iconButton}
            >
              {article.isPublished ? <Undo2 aria-hidden="true" className="size-4" /> : <Upload aria-hidden="true" className="size-4" />}
            </button>
            <button type="button" onClick={() => actions.remove(article)} aria-label={`حذف «${article.title}»`} title="حذف" className={cn(iconButton, 'hover:text-accent')}>
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
            </>}
          </div>
        );
      },
    },
  ] satisfies ColumnDef<AdminArticleRow>[]).filter((column) => actions || column.id !== 'select'), [actions, secondarySource]);

  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (row) => String(row.id),
    state: { sorting, rowSelection: selection },
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableRowSelection: true,
    onSortingChange: (updater) => onSortingChange(typeof updater === 'function' ? updater(sorting) : updater),
    onRowSelectionChange: (updater) => onSelectionChange(typeof updater === 'function' ? updater(selection) : updater),
    getCoreRowModel: getCoreRowModel(),
  });

  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card">
      <table className="admin-cards w-full text-sm">
        <caption className="sr-only">فهرست مقالات</caption>
        <thead className="bg-surface text-start">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sortable = SORTABLE.has(header.column.id);
                const state = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sortable && state ? (state === 'asc' ? 'ascending' : 'descending') : undefined}
                    className="whitespace-nowrap px-3 py-2 text-start font-medium text-muted"
                  >
                    {sortable ? (
                      <button type="button" onClick={header.column.getToggleSortingHandler()} className={cn('inline-flex items-center gap-1 rounded hover:text-fg', focusRing)}>
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <SortIcon state={state} />
                      </button>
                    ) : flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-article-id={row.original.id} className={cn('border-t border-border', row.getIsSelected() && 'bg-accent-soft/40', !row.original.isPublished && 'opacity-80')}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} data-label={(cell.column.columnDef.meta as { label?: string } | undefined)?.label} className="px-3 py-2 align-middle">{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function sortingFrom(sortBy: AdminArticleSort, sortOrder: 'asc' | 'desc'): SortingState {
  return [{ id: sortBy, desc: sortOrder === 'desc' }];
}
