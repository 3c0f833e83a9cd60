import { Link } from '../../../components/link.tsx';
import { Hash } from '../../../components/icons';
import { paths } from '../../../lib/paths.ts';
import { useLatestArticles } from '../api.ts';

const MAX_CHIPS = 12;

/**
 * One topic however it is written: with a ZWNJ, a space or neither ('کم‌آبی', 'کم آبی', 'کمآبی'),
 * in Arabic or Persian letters (the server's topicId, without its stemming, kept small for the page).
 */
const sameTopic = (topic: string) => topic.replace(/[\s\u200c]/g, '').replace(/ي/g, 'ی').replace(/ك/g, 'ک');

/** Topics of the latest news (their keywords), each a search, each topic once in its first spelling. */
export function TopicChips() {
  const { data } = useLatestArticles();
  const seen = new Map<string, string>();
  for (const article of data ?? []) {
    for (const keyword of article.keywords.split(/[,،]/)) {
      const topic = keyword.trim();
      if (topic && seen.size < MAX_CHIPS && !seen.has(sameTopic(topic))) seen.set(sameTopic(topic), topic);
    }
  }
  if (!seen.size) return null;
  return (
    <section aria-labelledby="topics-heading">
      <h2 id="topics-heading" className="mb-3 text-lg font-bold">موضوعات</h2>
      <ul className="flex flex-wrap gap-2">
        {[...seen.values()].map((topic) => (
          <li key={topic}>
            <Link to={paths.search({ q: topic })} className="inline-flex items-center gap-1 rounded-full border border-border px-3 py-1 text-sm hover:border-accent hover:text-accent">
              <Hash aria-hidden="true" className="size-3.5 text-muted" />
              {topic}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
