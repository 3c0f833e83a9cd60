// The HTML an article may store, whoever wrote it (the rewriter, an admin's editor, an
// upload embed): text structure, links, images and the players for uploaded video and
// audio. Everything else, scripts and event handlers above all, is removed on write.
import type SanitizeHtml from 'sanitize-html';
import { sanitizeHtml } from '../../lazy-packages.ts';

const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'u', 's', 'a', 'blockquote', 'br', 'hr',
    'figure', 'figcaption', 'img', 'video', 'audio', 'source', 'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    video: ['src', 'controls', 'poster', 'preload', 'width', 'height'],
    audio: ['src', 'controls', 'preload'],
    source: ['src', 'type'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href', 'src', 'poster'],
  allowProtocolRelative: false,
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'head', 'title'],
  transformTags: {
    // Outbound links from articles are not endorsements.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'nofollow noopener' } }),
  },
  exclusiveFilter: (frame) => (frame.tag === 'p' || frame.tag === 'li') && !frame.text.trim() && !frame.mediaChildren.length,
};

export function sanitizeArticleContent(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
