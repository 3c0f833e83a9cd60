/** The longest search query: the API refuses more, and the site's search fields stop there. */
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_QUERY_TOO_LONG = 'عبارت جستجو حداکثر ۲۰۰ نویسه است';
