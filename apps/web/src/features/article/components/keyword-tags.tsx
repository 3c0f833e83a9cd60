import { Link } from '../../../components/link.tsx';
import { Tag } from '../../../components/icons';
import { paths } from '../../../lib/paths.ts';
import { keywordList } from '../api.ts';

/** Spec 02 §2 item 13: the comma-separated keywords, each a search for itself. */
export function KeywordTags({ keywords }: { keywords: string }) {
  const list = keywordList(keywords);
  if (list.length === 0) return null;
  return (
    <div className="mt-8 flex flex-wrap items-center gap-2">
      <Tag aria-hidden="true" className="size-4 text-muted" />
      <ul aria-label="برچسب‌ها" className="flex flex-wrap gap-2">
        {list.map((k) => (
          <li key={k}><Link to={paths.search({ q: k })} className="inline-block rounded-full bg-surface px-3 py-1 text-sm hover:bg-accent-soft hover:text-accent">#{k}</Link></li>
        ))}
      </ul>
    </div>
  );
}
