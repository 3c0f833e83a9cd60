import { ArticleCard } from '../../../components/article-card.tsx';
import { useRelated } from '../api.ts';

/** Spec 02 §2 item 14: up to six related articles with their reading time and views. */
export function RelatedArticles({ articleId }: { articleId: number }) {
  const { data } = useRelated(articleId);
  if (!data?.length) return null;
  return (
    <section aria-labelledby="related-title" className="mt-10">
      <h2 id="related-title" className="mb-4 text-xl font-bold">اخبار مرتبط</h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {data.map((a) => <ArticleCard key={a.id} article={a} />)}
      </div>
    </section>
  );
}
