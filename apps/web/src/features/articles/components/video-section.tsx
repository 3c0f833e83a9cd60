import { Link } from '../../../components/link.tsx';
import { PlayCircle } from '../../../components/icons';
import { ArticleImage } from '../../../components/article-image.tsx';
import { SectionHeading } from '../../../components/section-heading.tsx';
import { paths } from '../../../lib/paths.ts';
import { useVideoArticles } from '../api.ts';

/** Up to three recent articles that carry a video; absent when there are none. */
export function VideoSection() {
  const { data } = useVideoArticles();
  if (!data?.length) return null;
  return (
    <section aria-labelledby="video-heading">
      <SectionHeading id="video-heading">ویدیوها</SectionHeading>
      <ul className="grid gap-4 sm:grid-cols-3">
        {data.map((article) => (
          <li key={article.id} className="group relative">
            <div className="relative overflow-hidden rounded-xl">
              <ArticleImage article={article} className="w-full" sizes="(min-width: 640px) 33vw, 100vw" />
              <span className="absolute inset-0 flex items-center justify-center bg-black/25">
                <PlayCircle aria-hidden="true" className="size-12 text-white drop-shadow" />
              </span>
            </div>
            <h3 className="mt-2 text-sm leading-7 font-bold group-hover:text-accent">
              <Link to={paths.article(article)} className="block after:absolute after:inset-0">
                <span className="line-clamp-2"><span className="sr-only">ویدیو: </span>{article.title}</span>
              </Link>
            </h3>
          </li>
        ))}
      </ul>
    </section>
  );
}
