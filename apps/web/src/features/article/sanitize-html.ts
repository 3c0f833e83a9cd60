// The article body is HTML from the database. The server cleans it when it is written, but
// a row can be changed behind the app's back (a migration, a manual fix, an old import), so
// the page cleans it again before rendering, on the server and in the browser alike.
//
// How: tokenise, keep only the allowed tags and attributes, and write every kept token out
// again in one canonical form (lower-case names, double-quoted escaped values, balanced
// nesting). Nothing of the input reaches the output without being rebuilt, so the browser
// parses exactly what was checked. Pure string work: the same result on both sides, so a
// server-rendered body hydrates unchanged, and no DOM is needed.
import { allowedArticleAttributes, ARTICLE_HTML_TAGS, ARTICLE_URL_ATTRIBUTES } from '@chapar/shared/html';

const URL_ATTRS = new Set<string>(ARTICLE_URL_ATTRIBUTES);
// The shared allow-list (@chapar/shared/html): the server and the admin's editor keep the same.
const ALLOWED: Readonly<Record<string, readonly string[]>> = Object.fromEntries(ARTICLE_HTML_TAGS.map((tag) => [tag, allowedArticleAttributes(tag)]));
const VOID = new Set(['br', 'hr', 'img', 'source']);
// Their text is raw (never markup) and is dropped together with them.
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);
// Dropped with everything inside them.
const DROP_WITH_CONTENT = new Set(['svg', 'math', 'object', 'embed', 'template', 'select', 'option', 'head', 'applet', 'frameset']);

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', zwnj: '\u200c', zwj: '\u200d',
  colon: ':', tab: '\t', newline: '\n', sol: '/', lpar: '(', rpar: ')', period: '.', comma: ',', num: '#',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;');

// Text keeps its entities ('&nbsp;', '&#1600;'); a bare '&' is escaped.
function cleanText(text: string): string {
  return text
    .replace(/&(?!(?:#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * A URL the page may point to: http(s) or a same-site path, after removing what browsers
 * ignore (controls and white space), so 'java\tscript:' is caught too.
 */
export function safeUrl(raw: string): string | null {
  // eslint-disable-next-line no-control-regex
  const url = raw.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
  if (!url) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  if (scheme) return /^https?$/i.test(scheme[1]) ? url : null;
  // '//host' and '/\host' leave the site; anything else without a scheme stays on it.
  if (/^[\\/]{2}/.test(url)) return null;
  return url;
}

function cleanAttrValue(tag: string, name: string, value: string): string | null {
  if (URL_ATTRS.has(name)) return safeUrl(value);
  switch (name) {
    case 'width': case 'height': case 'colspan': case 'rowspan':
      return /^\d{1,4}$/.test(value.trim()) ? value.trim() : null;
    case 'controls':
      return '';
    case 'loading':
      return value === 'lazy' || value === 'eager' ? value : null;
    case 'preload':
      return ['none', 'metadata', 'auto'].includes(value) ? value : null;
    case 'type':
      return tag === 'source' && /^[a-z]+\/[a-z0-9.+-]+$/i.test(value.trim()) ? value.trim() : null;
    default:
      return value.slice(0, 500);
  }
}

const ATTR_RE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/y;

/** Parses one start tag from `<`; returns null when the text there is not a tag. */
function readStartTag(html: string, at: number): { name: string; attrs: Array<[string, string]>; end: number } | null {
  const nameMatch = /^<([a-z][a-z0-9-]*)/i.exec(html.slice(at, at + 64));
  if (!nameMatch) return null;
  const name = nameMatch[1].toLowerCase();
  const attrs: Array<[string, string]> = [];
  let i = at + nameMatch[0].length;
  while (i < html.length) {
    const ch = html[i];
    if (ch === '>') return { name, attrs, end: i + 1 };
    if (/[\s/]/.test(ch)) {
      i++;
      continue;
    }
    ATTR_RE.lastIndex = i;
    const m = ATTR_RE.exec(html);
    if (!m || m[0].length === 0) {
      i++;
      continue;
    }
    attrs.push([m[1].toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? '')]);
    i = ATTR_RE.lastIndex;
  }
  return { name, attrs, end: html.length };
}

function renderStartTag(name: string, attrs: Array<[string, string]>): string {
  const allowed = ALLOWED[name];
  const seen = new Set<string>();
  let out = `<${name}`;
  for (const [attr, value] of attrs) {
    if (!allowed.includes(attr) || seen.has(attr)) continue;
    seen.add(attr);
    const clean = cleanAttrValue(name, attr, value);
    if (clean === null) continue;
    out += clean === '' && attr === 'controls' ? ' controls' : ` ${attr}="${escapeAttr(clean)}"`;
  }
  // Links out of an article are not endorsements and get no window.opener.
  if (name === 'a') out += ' rel="nofollow noopener noreferrer"';
  return `${out}>`;
}

/** The body HTML with only the allowed tags and attributes, balanced and canonical. */
export function sanitizeArticleHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  const closeTo = (index: number) => {
    while (open.length > index) out += `</${open.pop()}>`;
  };
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      out += cleanText(html.slice(i));
      break;
    }
    out += cleanText(html.slice(i, lt));
    i = lt;
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      const end = html.indexOf('>', i);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    const endTag = /^<\/([a-z][a-z0-9-]*)[^>]*>?/i.exec(html.slice(i, i + 256));
    if (endTag) {
      const name = endTag[1].toLowerCase();
      i += endTag[0].length;
      const index = open.lastIndexOf(name);
      if (index !== -1) closeTo(index);
      continue;
    }
    const tag = readStartTag(html, i);
    if (!tag) {
      out += '&lt;';
      i++;
      continue;
    }
    i = tag.end;
    if (RAW_TEXT.has(tag.name)) {
      const close = new RegExp(`</${tag.name}[\\s/>]`, 'ig');
      close.lastIndex = i;
      const found = close.exec(html);
      if (!found) break;
      i = html.indexOf('>', found.index) + 1 || html.length;
      continue;
    }
    if (DROP_WITH_CONTENT.has(tag.name)) {
      i = skipElement(html, i, tag.name);
      continue;
    }
    if (!ALLOWED[tag.name]) continue;
    out += renderStartTag(tag.name, tag.attrs);
    if (!VOID.has(tag.name)) open.push(tag.name);
  }
  closeTo(0);
  return out;
}

// Past the end tag that closes an element opened just before `from`, counting nested ones.
function skipElement(html: string, from: number, name: string): number {
  const re = new RegExp(`<(/?)${name}(?=[\\s/>])[^>]*>`, 'ig');
  re.lastIndex = from;
  let depth = 1;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[1] ? -1 : m[0].endsWith('/>') ? 0 : 1;
    if (depth === 0) return re.lastIndex;
  }
  return html.length;
}
