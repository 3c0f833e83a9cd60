import { articlePath } from '@chapar/shared/text';

/** Route builders: every internal link goes through these, never a hand-written string. */
export const paths = {
  home: () => '/',
  category: (slug: string, page = 1) => `/category/${encodeURIComponent(slug.toLowerCase())}${page > 1 ? `?page=${page}` : ''}`,
  search: (params: { q?: string; category?: string; sort?: string; date?: string } = {}) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
    const qs = search.toString();
    return qs ? `/search?${qs}` : '/search';
  },
  trending: () => '/trending',
  bookmarks: () => '/bookmarks',
  article: (article: { id: number; title: string }) => articlePath(article),
  admin: () => '/admin',
  adminLogin: () => '/admin/login',
};
