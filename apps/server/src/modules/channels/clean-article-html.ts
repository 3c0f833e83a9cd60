// Applies a channel's cleaning rules to an article already published: paragraphs that
// are the channel's signature or a 'join us' call go, and @mentions and t.me links
// inside the remaining text are removed.
import { load } from '../../lazy-packages.ts';
import type { CompiledRules } from './cleaning-rules.ts';

const TELEGRAM_LINK = /(?:https?:\/\/)?(?:t\.me|telegram\.me|telegram\.dog)\/[^\s<]*/gi;
const MENTION = /(?<![\p{L}\p{N}_.])@[A-Za-z][A-Za-z0-9_]{3,31}/gu;

export function cleanArticleHtml(html: string, rules: CompiledRules): { html: string; removed: number } {
  const $ = load(`<div id="root">${html}</div>`, null, false);
  let removed = 0;
  $('#root').find('p, li, blockquote, h2, h3').each((_, el) => {
    const node = $(el);
    const text = node.text().trim();
    if (rules.isSignatureLine(text) || rules.isJoinLine(text)) {
      node.remove();
      removed++;
    }
  });
  $('#root a[href]').each((_, el) => {
    const node = $(el);
    if (/^(?:https?:\/\/)?(?:t\.me|telegram\.me|telegram\.dog)\//i.test(node.attr('href') ?? '')) {
      node.replaceWith(node.text().replace(TELEGRAM_LINK, '').replace(MENTION, ''));
      removed++;
    }
  });
  $('#root').find('*').addBack().contents().each((_, node) => {
    if (node.type !== 'text') return;
    const before = node.data;
    const after = before.replace(TELEGRAM_LINK, '').replace(MENTION, '').replace(/[ \t]{2,}/g, ' ');
    if (after !== before) {
      node.data = after;
      removed++;
    }
  });
  $('#root').find('p, li').each((_, el) => {
    if (!$(el).text().trim() && !$(el).find('img, video, audio').length) $(el).remove();
  });
  return { html: ($('#root').html() ?? '').trim(), removed };
}
