// What the editor puts into the live admin page passes the same allow-list the server applies
// on write (@chapar/shared/html), through DOMPurify: pasted HTML with handlers, iframes or
// javascript: addresses never runs here, with or without the CSP.
import DOMPurify from 'dompurify';
import {
  allowedArticleAttributes, ARTICLE_HTML_ATTRIBUTES, ARTICLE_HTML_DROP_WITH_CONTENT, ARTICLE_HTML_TAGS, ARTICLE_URL_ATTRIBUTES,
  isAllowedArticleUrl,
} from '@chapar/shared/html';

const URL_ATTRIBUTES = new Set<string>(ARTICLE_URL_ATTRIBUTES);
const CONFIG = {
  ALLOWED_TAGS: [...ARTICLE_HTML_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(ARTICLE_HTML_ATTRIBUTES).flat())],
  ADD_FORBID_CONTENTS: [...ARTICLE_HTML_DROP_WITH_CONTENT],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

let purifier: ReturnType<typeof DOMPurify> | undefined;

// An instance of its own, so the per-tag hook does not change DOMPurify for anyone else.
function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  // DOMPurify's attribute list is one for all tags; the shared list is per tag, and its
  // addresses are http(s) or paths on the site (no data:, no '//host').
  purifier.addHook('uponSanitizeAttribute', (node, event) => {
    const name = event.attrName.toLowerCase();
    if (!allowedArticleAttributes(node.nodeName).includes(name)) event.keepAttr = false;
    else if (URL_ATTRIBUTES.has(name) && !isAllowedArticleUrl(event.attrValue)) event.keepAttr = false;
  });
  return purifier;
}

/** Article HTML with only what the shared allow-list keeps. */
export function cleanArticleHtml(html: string): string {
  return instance().sanitize(html, CONFIG);
}
