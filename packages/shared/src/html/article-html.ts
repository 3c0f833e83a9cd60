/** Tags an article's body may contain: text structure, links, images, players and tables. */
export const ARTICLE_HTML_TAGS = [
  'p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'u', 's', 'a', 'blockquote', 'br', 'hr',
  'figure', 'figcaption', 'img', 'video', 'audio', 'source', 'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
] as const;
export type ArticleHtmlTag = (typeof ARTICLE_HTML_TAGS)[number];

/** Attributes each tag may keep; a tag not named here keeps none. Never a handler or a style. */
export const ARTICLE_HTML_ATTRIBUTES: Readonly<Partial<Record<ArticleHtmlTag, readonly string[]>>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height', 'loading'],
  video: ['src', 'controls', 'poster', 'preload', 'width', 'height'],
  audio: ['src', 'controls', 'preload'],
  source: ['src', 'type'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

/** Attributes holding an address; their value must pass `isAllowedArticleUrl`. */
export const ARTICLE_URL_ATTRIBUTES = ['href', 'src', 'poster'] as const;

/** Schemes an address may have; an address without one (a path on the site) is allowed too. */
export const ARTICLE_URL_SCHEMES = ['http', 'https'] as const;

/** Removed together with everything inside them (their text is code or hidden markup, never prose). */
export const ARTICLE_HTML_DROP_WITH_CONTENT = [
  'script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'head', 'title',
] as const;

/** The rel every outbound link in an article gets: links in articles are not endorsements. */
export const ARTICLE_LINK_REL = 'nofollow noopener';

/** The attributes a tag may keep (none for a tag outside the list). */
export function allowedArticleAttributes(tag: string): readonly string[] {
  return ARTICLE_HTML_ATTRIBUTES[tag.toLowerCase() as ArticleHtmlTag] ?? [];
}

/**
 * Whether an address may stay in an article: http(s), or a path on the site. What browsers
 * ignore (controls, white space) is removed first, so 'java\tscript:' is caught; '//host'
 * and '/\host' leave the site without a scheme and are refused.
 */
export function isAllowedArticleUrl(raw: string): boolean {
  // eslint-disable-next-line no-control-regex
  const url = raw.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
  if (!url) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  if (scheme) return (ARTICLE_URL_SCHEMES as readonly string[]).includes(scheme[1].toLowerCase());
  return !/^[\\/]{2}/.test(url);
}
