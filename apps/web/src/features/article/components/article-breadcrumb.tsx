import { Link } from '../../../components/link.tsx';
import { ChevronLeft } from '../../../components/icons';
import { categoryFaName, categorySlug } from '@chapar/shared/text';
import { paths } from '../../../lib/paths.ts';
import { breadcrumbTitle } from '../api.ts';

/** Home › category › title cut at 40 characters (spec 02 §2 item 2). */
export function ArticleBreadcrumb({ title, category }: { title: string; category: string }) {
  const sep = <li aria-hidden="true"><ChevronLeft className="size-3.5" /></li>;
  return (
    <nav aria-label="مسیر صفحه" className="mb-4 text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-1">
        <li><Link to={paths.home()} className="hover:text-accent">خانه</Link></li>
        {sep}
        <li><Link to={paths.category(categorySlug(category))} className="hover:text-accent">{categoryFaName(category)}</Link></li>
        {sep}
        <li aria-current="page" title={title} className="text-fg">{breadcrumbTitle(title)}</li>
      </ol>
    </nav>
  );
}
