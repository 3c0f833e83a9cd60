import { useEffect, useId, useState, type FormEvent } from 'react';
import { Search } from '../../../components/icons';
import { ADMIN_CATEGORY_SLUGS, categoryFaName, SEARCH_QUERY_MAX } from '@chapar/shared/text';
import { buttonStyles, inputBase, inputStyles } from '../../../components/ui/button-styles.ts';
import { DATE_OPTIONS, SORT_OPTIONS, type SearchParams } from '../api.ts';

interface SearchFormProps {
  params: SearchParams;
  /** Called with the new parameters; the page rewrites the address (replace). */
  onChange: (params: SearchParams) => void;
}

const selectClass = `${inputStyles} appearance-auto`;

/** The advanced search form. A plain GET form underneath, so it works without JavaScript. */
export function SearchForm({ params, onChange }: SearchFormProps) {
  const [q, setQ] = useState(params.q);
  const ids = { q: useId(), category: useId(), sort: useId(), date: useId() };
  useEffect(() => setQ(params.q), [params.q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...params, q: q.trim() });
  };
  const set = (key: keyof SearchParams) => (event: { target: { value: string } }) => onChange({ ...params, q: q.trim(), [key]: event.target.value });

  return (
    <form role="search" aria-label="جستجوی پیشرفته" action="/search" method="get" onSubmit={submit} className="space-y-3 rounded-2xl border border-border bg-card p-4">
      <div className="flex gap-2">
        <label htmlFor={ids.q} className="sr-only">عبارت جستجو</label>
        <input id={ids.q} name="q" type="search" maxLength={SEARCH_QUERY_MAX} value={q} onChange={(e) => setQ(e.target.value)} placeholder="چه خبری را می‌جویید؟" className={`${inputBase} h-11 text-base`} />
        <button type="submit" className={`${buttonStyles.primary} h-11 shrink-0`}>
          <Search aria-hidden="true" className="size-4" />
          جستجو
        </button>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={ids.category} className="mb-1 block text-xs text-muted">دسته‌بندی</label>
          <select id={ids.category} name="category" value={params.category} onChange={set('category')} className={selectClass}>
            <option value="all">همه دسته‌ها</option>
            {ADMIN_CATEGORY_SLUGS.map((slug) => <option key={slug} value={slug}>{categoryFaName(slug)}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor={ids.sort} className="mb-1 block text-xs text-muted">مرتب‌سازی</label>
          <select id={ids.sort} name="sort" value={params.sort} onChange={set('sort')} className={selectClass}>
            {SORT_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor={ids.date} className="mb-1 block text-xs text-muted">بازه زمانی</label>
          <select id={ids.date} name="date" value={params.date} onChange={set('date')} className={selectClass}>
            {DATE_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </div>
      </div>
    </form>
  );
}
