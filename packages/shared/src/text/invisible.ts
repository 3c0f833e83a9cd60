// Text a reader types into a form (a comment's name and text): characters that show nothing.
// A field of zero-width spaces, bidi controls or a BOM looks empty on the page, so it counts as
// empty; and the bidi controls that change the direction of what follows them (embeddings,
// overrides, isolates, LRM/RLM/ALM) are taken out of stored free text, so a name cannot mirror
// the page around it. ZWNJ (U+200C) stays: Persian needs it inside words (می‌شود).

/**
 * Bidi formatting controls: LRE, RLE, PDF, LRO, RLO (U+202A–U+202E), LRI, RLI, FSI, PDI
 * (U+2066–U+2069) and the marks LRM, RLM (U+200E, U+200F) and ALM (U+061C).
 */
const BIDI_CONTROL_RE = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/**
 * What shows nothing: whitespace, control and format characters, and every default-ignorable
 * code point (zero-width space, ZWNJ, ZWJ, word joiner, BOM, soft hyphen, bidi controls, variation
 * selectors, Hangul fillers, tag characters), and the blank braille pattern.
 */
const INVISIBLE_RE = /[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** `text` without its bidi controls; everything else, ZWNJ included, as written. */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROL_RE, '');
}

/** True when `text` has at least one character that shows on the page. */
export function hasVisibleText(text: string): boolean {
  return text.replace(INVISIBLE_RE, '') !== '';
}

/** Embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069): each opens or closes a direction run. */
const DIRECTION_RUN_RE = /[\u202a-\u202e\u2066-\u2069]/g;
/** Control characters but tab and line breaks: C0, DEL and C1. */
const CONTROL_RE = /(?![\t\n\r])\p{Cc}/gu;
/** What shows nothing at either end of a field: whitespace, zero-width space, word joiner, BOM. */
const EDGE_RE = /[\s\u200b\u2060\ufeff]/;

// Trimmed by a walk from each end: a regex ending in `+$` rescans a long blank run once per
// character of it (minutes for a 1 MB title of spaces between two letters).
function trimEdges(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && EDGE_RE.test(text.charAt(start))) start++;
  while (end > start && EDGE_RE.test(text.charAt(end - 1))) end--;
  return text.slice(start, end);
}

/** `text` without control characters (C0 but tab and line breaks, DEL, C1): HTML and XML do not allow them. */
export function stripControls(text: string): string {
  return text.replace(CONTROL_RE, '');
}

/**
 * `text` without direction runs (embeddings, overrides, isolates) and control characters (C0 but
 * tab and line breaks, DEL, C1): what no stored article text keeps. Marks (LRM, RLM), ZWNJ and ZWJ
 * stay, as Persian writes with them.
 */
export function stripRunsAndControls(text: string): string {
  return text.replace(DIRECTION_RUN_RE, '').replace(CONTROL_RE, '');
}

/**
 * Text an admin types into a field (a title, a name), as it is stored: without direction runs
 * (an unclosed override mirrors the page after it), without control characters, and trimmed of
 * what shows nothing at its ends. Marks (LRM, RLM), ZWNJ and ZWJ inside it stay.
 */
export function cleanTypedText(text: string): string {
  return trimEdges(stripRunsAndControls(text));
}

/** How many characters (code points) of `text` show on the page. */
export function visibleLength(text: string): number {
  return Array.from(text.replace(INVISIBLE_RE, '')).length;
}
