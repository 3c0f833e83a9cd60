import { Link } from './link.tsx';
import { categoryFaName, categorySlug } from '@chapar/shared/text';
import { paths } from '../lib/paths.ts';
import { cn } from '../lib/cn.ts';

/** The article's category in Persian, linking to /category/{slug}. */
export function CategoryBadge({ category, className }: { category: string; className?: string }) {
  return (
    <Link
      to={paths.category(categorySlug(category))}
      className={cn('relative z-10 inline-block rounded-full bg-accent-solid px-2.5 py-0.5 text-xs font-medium text-accent-fg hover:opacity-90', className)}
    >
      {categoryFaName(category)}
    </Link>
  );
}
