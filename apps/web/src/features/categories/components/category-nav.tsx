import type { FocusEvent } from 'react';
import { NavLink } from '../../../components/link.tsx';
import { Flame } from '../../../components/icons';
import { CATEGORIES } from '@chapar/shared/text';
import { paths } from '../../../lib/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { useCategories } from '../api.ts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    // Ring inside the link (the scrolling list clips outside it); margin kept when scrolled to.
    'inline-flex h-11 shrink-0 scroll-mx-4 items-center gap-1 border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:-outline-offset-3',
    isActive ? 'border-accent text-accent' : 'border-transparent text-fg hover:text-accent',
  );

// Tabbing along the bar leaves the focused item half off a phone's screen: bring it in.
const reveal = (event: FocusEvent<HTMLUListElement>) => (event.target as HTMLElement).scrollIntoView?.({ block: 'nearest', inline: 'nearest' });

/** The bar under the header: home, every category, trending. Scrolls sideways on phones. */
export function CategoryNav() {
  const { data } = useCategories();
  // The constants stand in while the list loads or when the API is down.
  const categories = data?.length ? data.map((c) => ({ slug: c.slug, name: c.name })) : CATEGORIES.map((c) => ({ slug: c.slug, name: c.nameFa }));
  return (
    <nav id="category-nav" aria-label="دسته‌بندی‌ها" className="border-b border-border bg-card">
      <ul onFocus={reveal} className="container-page flex overflow-x-auto [scrollbar-width:none]">
        <li><NavLink to={paths.home()} end className={linkClass}>صفحه اصلی</NavLink></li>
        {categories.map((c) => (
          <li key={c.slug}><NavLink to={paths.category(c.slug)} className={linkClass}>{c.name}</NavLink></li>
        ))}
        <li>
          <NavLink to={paths.trending()} className={linkClass}>
            <Flame aria-hidden="true" className="size-4 text-accent" />
            موضوعات داغ
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
