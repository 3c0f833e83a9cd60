// Characters XML 1.0 cannot carry at all (most C0 controls, lone surrogates, U+FFFE/F):
// dropped, since escaping cannot make them legal.
// eslint-disable-next-line no-control-regex
const NOT_XML_RE = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text or attribute value, safe inside XML. */
export function escapeXml(value: string | number): string {
  return String(value).replace(NOT_XML_RE, '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** `<name attr="…">text</name>`, everything escaped; an empty string when text is null. */
export function el(name: string, text: string | number | null | undefined, attrs: Record<string, string | number> = {}): string {
  if (text === null || text === undefined) return '';
  return `<${name}${attributes(attrs)}>${escapeXml(text)}</${name}>`;
}

/** Self-closing `<name attr="…"/>`. */
export function empty(name: string, attrs: Record<string, string | number>): string {
  return `<${name}${attributes(attrs)}/>`;
}

function attributes(attrs: Record<string, string | number>): string {
  return Object.entries(attrs).map(([k, v]) => ` ${k}="${escapeXml(v)}"`).join('');
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
