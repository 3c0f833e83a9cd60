// Query keys of the screens that follow an article's life: deleting, restoring or purging one
// changes the articles table, an open article, the blocklist and the deleted articles at once.
export const ARTICLES_KEY = ['admin', 'articles'] as const;
export const ARTICLE_KEY = ['admin', 'article'] as const;
export const BLOCKLIST_KEY = ['admin', 'blocked-posts'] as const;
export const DELETED_ARTICLES_KEY = ['admin', 'deleted-articles'] as const;
