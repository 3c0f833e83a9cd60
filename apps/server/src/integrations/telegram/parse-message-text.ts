// The text of one widget message: plain text for rewriting and search, a
// sanitised HTML copy that keeps Telegram's formatting, its links and hashtags.
import type { CheerioAPI } from 'cheerio';
import type SanitizeHtml from 'sanitize-html';
import { sanitizeHtml } from '../../lazy-packages.ts';
import { resolveUrl } from './markup-values.ts';

/** A cheerio selection of elements (cheerio does not export its Element type). */
export type MessageNodes = ReturnType<ReturnType<CheerioAPI['root']>['find']>;

export interface MessageText {
  text: string;
  html: string;
  links: string[];
  hashtags: string[];
}

// The quoted text of a replied-to message and a link preview's description use
// the same classes as the message's own text, and come earlier in the markup.
const FOREIGN_TEXT = '.tgme_widget_message_reply, .tgme_widget_message_link_preview';

const SANITIZE_OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: ['b', 'i', 'a', 'br', 'code', 'pre'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https'],
  transformTags: { strong: 'b', em: 'i' },
};

// A private-use character cannot occur in a post, so it safely marks <br> positions.
const LINE_BREAK = '\ue000';

// A hashtag starts after anything that cannot be part of a word or URL; marks (the shadda of
// 'خیّران') and ZWNJ belong to a Persian one.
const HASHTAG_RE = /(?<![\p{L}\p{N}_/&#])#([\p{L}\p{N}\p{M}_\u200c]+)/gu;

export function findMessageTextNode($: CheerioAPI, message: MessageNodes): MessageNodes {
  return message
    .find('.tgme_widget_message_text')
    .filter((_, el) => !$(el).hasClass('js-message_reply_text') && $(el).closest(FOREIGN_TEXT).length === 0)
    .first();
}

export function parseMessageText($: CheerioAPI, message: MessageNodes, pageUrl: string): MessageText {
  const source = findMessageTextNode($, message);
  if (source.length === 0) return { text: '', html: '', links: [], hashtags: [] };
  const box = source.clone();

  // Emoji come wrapped in <i class="emoji"><b>🔥</b></i>: keep the character,
  // or every emoji would turn into bold italics.
  box.find('i.emoji, tg-emoji').each((_, el) => {
    $(el).replaceWith($(el).text());
  });

  const links: string[] = [];
  box.find('a').each((_, el) => {
    const anchor = $(el);
    const href = anchor.attr('href') ?? '';
    // Hashtags link to Telegram's in-channel search ('?q=%23tag'), which means
    // nothing on our site: they stay as text.
    if (href.startsWith('?q=')) {
      anchor.replaceWith(anchor.text());
      return;
    }
    const absolute = resolveUrl(href, pageUrl);
    if (!absolute) {
      anchor.replaceWith(anchor.text());
      return;
    }
    anchor.attr('href', absolute);
    if (!links.includes(absolute)) links.push(absolute);
  });

  const html = sanitizeHtml(box.html() ?? '', SANITIZE_OPTIONS).trim();

  // Raw newlines in the markup are only layout; <br> is Telegram's line break.
  box.find('br').replaceWith(LINE_BREAK);
  const text = tidyText(box.text().replace(/\s+/g, ' ').replaceAll(LINE_BREAK, '\n'));
  return { text, html, links, hashtags: extractHashtags(text) };
}

/** Trims each line, folds runs of spaces, keeps at most one empty line in a row. */
export function tidyText(raw: string): string {
  return raw
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function extractHashtags(text: string): string[] {
  const tags: string[] = [];
  for (const match of text.matchAll(HASHTAG_RE)) {
    const tag = match[1].replace(/\u200c+$/, '');
    if (tag && !/^\p{Nd}+$/u.test(tag) && !tags.includes(tag)) tags.push(tag);
  }
  return tags;
}
