// The demo newsroom as a Telegram channel would have posted it: each demo article a post
// (bold headline, paragraphs, list items as bullets, the category and keywords as
// hashtags, the channel's signature line), oldest first, with a picture; one is an album.
import { DEMO_ARTICLES, type DemoArticle } from '@chapar/db/seed';
import { categoryFaName } from '@chapar/shared/text';
import { escapeHtml } from '@chapar/shared/html';

export const DEMO_CHANNEL = 'chapar_demo';
export const DEMO_FIRST_MESSAGE_ID = 1001;
const HOUR_MS = 3_600_000;

export interface DemoPost {
  article: DemoArticle;
  messageId: number;
  date: Date;
  /** Pictures in the post: one, or three for the album. */
  imageCount: number;
}

/** The album: the first featured culture story (a book fair or festival has several pictures). */
function albumIndex(articles: readonly DemoArticle[]): number {
  const i = articles.findIndex((a) => a.category === 'Culture' && a.featured);
  return i >= 0 ? i : 0;
}

export function planDemoPosts(now: Date, articles: readonly DemoArticle[] = DEMO_ARTICLES): DemoPost[] {
  const album = articles[albumIndex(articles)];
  return [...articles]
    .sort((a, b) => b.hoursAgo - a.hoursAgo)
    .map((article, i) => ({
      article,
      messageId: DEMO_FIRST_MESSAGE_ID + i * 3, // gaps, as a channel's ids have (albums, deleted posts)
      date: new Date(now.getTime() - article.hoursAgo * HOUR_MS),
      imageCount: article === album ? 3 : 1,
    }));
}

// Spaces become underscores; a ZWNJ stays, as Telegram keeps it in a Persian hashtag.
const hashtag = (word: string) => `#${word.trim().replace(/\s+/g, '_')}`;

/** Telegram's text markup for an article: what the channel's editor would have typed. */
export function demoPostHtml(article: DemoArticle): string {
  const blocks: string[] = [`<b>${escapeHtml(article.title)}</b>`];
  for (const match of article.content.matchAll(/<(p|h2|ul)>([\s\S]*?)<\/\1>/g)) {
    const [, tag, inner] = match;
    if (tag === 'ul') blocks.push([...inner.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((li) => `• ${escapeHtml(li[1])}`).join('<br/>'));
    else if (tag === 'h2') blocks.push(`<b>${escapeHtml(inner)}</b>`);
    else blocks.push(escapeHtml(inner));
  }
  const tags = [categoryFaName(article.category), ...article.keywords.split(',')].map(hashtag);
  blocks.push(tags.map((tag) => `<a href="?q=${encodeURIComponent(tag)}">${escapeHtml(tag)}</a>`).join(' '));
  return `${blocks.join('<br/><br/>')}<br/>🆔 <a href="https://t.me/${DEMO_CHANNEL}">@${DEMO_CHANNEL}</a>`;
}

export const demoImageName = (messageId: number, n: number) => `${messageId}-${n}.jpg`;
