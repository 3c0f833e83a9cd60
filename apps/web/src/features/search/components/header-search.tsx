import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search } from '../../../components/icons';
import { SEARCH_QUERY_MAX } from '@chapar/shared/text';
import { paths } from '../../../lib/paths.ts';
import { cn } from '../../../lib/cn.ts';

/**
 * Header search (spec 01 §2): blank is ignored, otherwise go to /search?q= and clear the
 * box. A real GET form, so it also works before (or without) JavaScript.
 */
export function HeaderSearch({ className, autoFocus }: { className?: string; autoFocus?: boolean }) {
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // Preact ignores autoFocus on elements mounted after the first render: focus by hand.
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    navigate(paths.search({ q }));
    setQuery('');
  };

  return (
    <form role="search" aria-label="جستجوی سریع" action="/search" method="get" onSubmit={submit} className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">جستجو در اخبار</label>
      <input
        ref={input}
        id={id}
        name="q"
        type="search"
        maxLength={SEARCH_QUERY_MAX}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="جستجو در اخبار..."
        autoComplete="off"
        enterKeyHint="search"
        className="h-10 w-full rounded-full border border-border bg-surface pe-11 ps-4 text-sm text-fg placeholder:text-muted focus:border-accent focus:bg-card"
      />
      <button type="submit" aria-label="جستجو" className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-full text-muted hover:text-accent">
        <Search aria-hidden="true" className="size-4" />
      </button>
    </form>
  );
}
