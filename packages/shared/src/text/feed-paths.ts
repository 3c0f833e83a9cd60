// Where the site's feeds live: the server serves them at these paths and every page names them
// (<link rel="alternate">, the footer, the podcast player), so the two cannot drift apart.

export const RSS_TYPE = 'application/rss+xml';

export const feedPaths = {
  /** The 50 newest articles. */
  site: () => '/rss.xml',
  /** The 50 newest articles of one category. */
  category: (slug: string) => `/rss/${encodeURIComponent(slug.toLowerCase())}.xml`,
  /** The podcast: every article that has its audio version. */
  podcast: () => '/podcast.xml',
  /** The podcast of one category. */
  podcastCategory: (slug: string) => `/podcast/${encodeURIComponent(slug.toLowerCase())}.xml`,
  /** The podcast's square cover (3000 × 3000 JPEG). */
  podcastCover: () => '/podcast-cover.jpg',
  podcastCategoryCover: (slug: string) => `/podcast-cover/${encodeURIComponent(slug.toLowerCase())}.jpg`,
};
