// What a public page reads, as typed calls: the browser turns each into its API path
// (pathOfRead), the server answers it from the services without parsing a path back.

/** Ids are PostgreSQL integers: the one limit every id check uses. */
export const MAX_ID = 2_147_483_647;

/** The one text for a missing article: API errors, the page's heading and its title. */
export const ARTICLE_NOT_FOUND = 'مقاله مورد نظر یافت نشد';

/** A page's read: the article reads are typed; anything else is a plain API path. */
export type PageRead =
  | { read: 'article'; id: number }
  | { read: 'related'; id: number }
  | { read: 'articles'; page?: number; limit?: number }
  | { read: 'category'; slug: string; page?: number; limit?: number }
  | { read: 'api'; path: string };

function withQuery(path: string, params: Record<string, number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The API path a read GETs in the browser; also its cache key everywhere. */
export function pathOfRead(r: PageRead): string {
  switch (r.read) {
    case 'article': return `/api/articles/${r.id}`;
    case 'related': return `/api/articles/${r.id}/related`;
    case 'articles': return withQuery('/api/articles', { page: r.page, limit: r.limit });
    case 'category': return withQuery(`/api/categories/${encodeURIComponent(r.slug)}/articles`, { page: r.page, limit: r.limit });
    case 'api': return r.path;
  }
}
