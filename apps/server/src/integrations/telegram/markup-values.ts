// Small readers for the values Telegram's widget markup encodes in text and
// inline styles: view counters, durations, background-image URLs, post refs.

/** '4.4K' → 4400, '1.2M' → 1200000, '987' → 987; anything unreadable → 0. */
export function parseViews(raw: string | undefined): number {
  const match = /^([\d.,]+)\s*([KMB])?$/i.exec((raw ?? '').trim());
  if (!match) return 0;
  const value = Number.parseFloat(match[1].replace(/,/g, ''));
  if (!Number.isFinite(value)) return 0;
  const scale = { K: 1e3, M: 1e6, B: 1e9 }[(match[2] ?? '').toUpperCase()] ?? 1;
  // Rounding, because 4.4 * 1000 is 4400.000000000001 in floating point.
  return Math.round(value * scale);
}

/** '1:16' → 76, '1:02:03' → 3723; undefined when the text is not a duration. */
export function parseDuration(raw: string | undefined): number | undefined {
  const text = (raw ?? '').trim();
  if (!/^\d+(?::\d{1,2}){1,2}$/.test(text)) return undefined;
  return text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

/** The url(...) of a `background-image` declaration, quotes and escapes removed. */
export function backgroundImageUrl(style: string | undefined): string | undefined {
  const match = /background-image\s*:\s*url\(\s*(['"]?)(.*?)\1\s*\)/i.exec(style ?? '');
  if (!match || !match[2]) return undefined;
  return match[2].replace(/\\(.)/g, '$1');
}

/** A `width:800px` style value, or undefined. */
export function styleWidth(style: string | undefined): number | undefined {
  const match = /(?:^|;)\s*width\s*:\s*(\d+(?:\.\d+)?)px/i.exec(style ?? '');
  return match ? Math.round(Number(match[1])) : undefined;
}

/** A `padding-top:56.25%` style value (Telegram's aspect-ratio box), or undefined. */
export function stylePaddingTopPercent(style: string | undefined): number | undefined {
  const match = /padding-top\s*:\s*(\d+(?:\.\d+)?)%/i.exec(style ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * Absolute URL for a link or media address found in the page. Protocol-relative
 * addresses ('//cdn4.telesco.pe/...') take https; relative ones resolve against
 * the page. Anything that is not http(s) afterwards is dropped.
 */
export function resolveUrl(raw: string | undefined, pageUrl: string): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  try {
    const url = new URL(value.startsWith('//') ? `https:${value}` : value, pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** 'chapar_news/123' → { channel, messageId }; undefined for anything else. */
export function parsePostRef(ref: string | undefined): { channel: string; messageId: number } | undefined {
  const match = /^([A-Za-z0-9_]+)\/(\d+)$/.exec((ref ?? '').trim());
  return match ? { channel: match[1], messageId: Number(match[2]) } : undefined;
}

/** The trailing message id of a t.me link: 'https://t.me/chan/123?single' → 123. */
export function messageIdFromHref(href: string | undefined): number | undefined {
  const match = /\/(\d+)(?:[?#].*)?$/.exec((href ?? '').trim());
  return match ? Number(match[1]) : undefined;
}
