// Telegraph (telegra.ph) articles linked from posts: channels often post a headline
// and a link to the full story there. Read through the same guarded fetch as media.
import { load } from '../../lazy-packages.ts';
import { fetchMediaSafely, type MediaFetchPolicy } from './safe-media-fetch.ts';
import { resolveUrl } from './markup-values.ts';
import { tidyText } from './parse-message-text.ts';

export interface TelegraphArticle {
  url: string;
  title: string;
  /** Plain text blocks in order: paragraphs, headings, list items, quotes. */
  blocks: string[];
  /** Absolute image URLs in the article, in order. */
  images: string[];
}

const TELEGRAPH_HOSTS = ['telegra.ph', 'graph.org'];

/** Links in a post that point at a Telegraph page (not at its /file/ media). */
export function telegraphLinks(links: readonly string[], baseUrl: string): string[] {
  const base = new URL(baseUrl);
  return links.filter((link) => {
    try {
      const url = new URL(link);
      const host = url.host === base.host || TELEGRAPH_HOSTS.includes(url.hostname.toLowerCase());
      return host && /^\/[^/]+-\d{2}-\d{2}(?:-\d+)?\/?$/.test(url.pathname);
    } catch {
      return false;
    }
  });
}

export async function fetchTelegraphArticle(url: string, policy: MediaFetchPolicy): Promise<TelegraphArticle | null> {
  const page = await fetchMediaSafely(url, { ...policy, allowedHosts: [...policy.allowedHosts, ...TELEGRAPH_HOSTS], maxBytes: Math.min(policy.maxBytes, 5_000_000) });
  return parseTelegraphPage(page.body.toString('utf8'), page.finalUrl);
}

export function parseTelegraphPage(html: string, pageUrl: string): TelegraphArticle | null {
  const $ = load(html);
  const article = $('article.tl_article_content, article#_tl_editor').first();
  if (!article.length) return null;
  const title = tidyText(article.find('h1').first().text()) || tidyText($('meta[property="og:title"]').attr('content') ?? '');
  const blocks: string[] = [];
  const images: string[] = [];
  article.find('p, h3, h4, li, blockquote, figure img, img').each((_, el) => {
    const node = $(el);
    if (el.tagName === 'img') {
      const src = resolveUrl(node.attr('src'), pageUrl);
      if (src && !images.includes(src)) images.push(src);
      return;
    }
    // A <p> inside a quote or list item is read with its container.
    if (el.tagName === 'p' && node.parents('blockquote, li').length) return;
    const text = tidyText(node.text());
    if (text) blocks.push(text);
  });
  return { url: pageUrl, title, blocks, images };
}
