// The HTML an article may store, whoever wrote it (the rewriter, an admin's editor, an
// upload embed): the shared allow-list (@chapar/shared/html), which the admin's editor applies
// too before it shows pasted HTML. Everything else, scripts and event handlers above all, is
// removed on write.
import type SanitizeHtml from 'sanitize-html';
import {
  ARTICLE_HTML_ATTRIBUTES, ARTICLE_HTML_DROP_WITH_CONTENT, ARTICLE_HTML_TAGS, ARTICLE_LINK_REL, ARTICLE_URL_ATTRIBUTES,
  ARTICLE_URL_SCHEMES,
} from '@chapar/shared/html';
import { stripRunsAndControls } from '@chapar/shared/text';
import { sanitizeHtml } from '../../lazy-packages.ts';

const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_HTML_TAGS],
  // rel is written by the transform below, so it must survive the attribute filter.
  allowedAttributes: Object.fromEntries(Object.entries(ARTICLE_HTML_ATTRIBUTES).map(([tag, names]) => [tag, tag === 'a' ? [...names, 'rel'] : [...names]])),
  allowedSchemes: [...ARTICLE_URL_SCHEMES],
  allowedSchemesAppliedToAttributes: [...ARTICLE_URL_ATTRIBUTES],
  allowProtocolRelative: false,
  nonTextTags: [...ARTICLE_HTML_DROP_WITH_CONTENT],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: ARTICLE_LINK_REL } }),
  },
  // Text an entity spelled (&#x202e;) is decoded by now: it loses its direction runs and controls too.
  textFilter: (text) => stripRunsAndControls(text),
  exclusiveFilter: (frame) => (frame.tag === 'p' || frame.tag === 'li') && !frame.text.trim() && !frame.mediaChildren.length,
};

/**
 * The body as stored. Direction runs (an unclosed override mirrors the page after it) and control
 * characters go before the allow-list reads it, so what it checks is what is kept; marks (LRM,
 * RLM), ZWNJ and ZWJ stay.
 */
export function sanitizeArticleContent(html: string): string {
  return sanitizeHtml(stripRunsAndControls(html), OPTIONS).trim();
}
