// A word-level diff for the history's compare view: which words of a version the current article
// removed and which it added. Small on purpose (no dependency): common ends trimmed, then a longest
// common subsequence over the tokens in between.

export type DiffKind = 'same' | 'removed' | 'added';
export interface DiffPart { kind: DiffKind; text: string }

/**
 * A word is a run of letters, marks, digits and the joiners (ZWNJ U+200C and ZWJ U+200D, so
 * «می‌شود» stays one word); whitespace runs and each punctuation mark («، ؛ ؟ . » …) are tokens of
 * their own, so a comma added after a word marks the comma alone.
 */
// (ZWJ is an alternative of its own: inside a character class it would read as joining its neighbour.)
const TOKEN = /(?:[\p{L}\p{M}\p{N}_\u200c]|\u200d)+|\s+|[^\s\p{L}\p{M}\p{N}_]/gu;

export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** Above this many cells (tokens × tokens between the common ends) the middle is shown as replaced whole. */
export const MAX_DIFF_CELLS = 4_000_000;

function push(parts: DiffPart[], kind: DiffKind, text: string): void {
  if (!text) return;
  const last = parts[parts.length - 1];
  if (last?.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** The middle's edit script, by a longest common subsequence (lengths from the end). */
function middle(a: string[], b: string[], parts: DiffPart[]): void {
  const n = a.length;
  const m = b.length;
  if (n * m > MAX_DIFF_CELLS) {
    push(parts, 'removed', a.join(''));
    push(parts, 'added', b.join(''));
    return;
  }
  const width = m + 1;
  const table = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * width + j] = a[i] === b[j] ? table[(i + 1) * width + j + 1] + 1 : Math.max(table[(i + 1) * width + j], table[i * width + j + 1]);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) { push(parts, 'same', a[i]); i++; j++; }
    else if (table[(i + 1) * width + j] >= table[i * width + j + 1]) push(parts, 'removed', a[i++]);
    else push(parts, 'added', b[j++]);
  }
  while (i < n) push(parts, 'removed', a[i++]);
  while (j < m) push(parts, 'added', b[j++]);
}

/**
 * The parts that turn `before` into `after`, in order: joined, the 'same' and 'removed' parts give
 * `before`, the 'same' and 'added' parts give `after`. Neighbouring parts of a kind are merged.
 */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = tokenize(before);
  const b = tokenize(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) { endA--; endB--; }
  const parts: DiffPart[] = [];
  push(parts, 'same', a.slice(0, start).join(''));
  middle(a.slice(start, endA), b.slice(start, endB), parts);
  push(parts, 'same', a.slice(endA).join(''));
  return parts;
}

/** One side of a diff: the version's ('before': same and removed) or the current one's ('after': same and added). */
export function diffSide(parts: DiffPart[], side: 'before' | 'after'): DiffPart[] {
  const hidden: DiffKind = side === 'before' ? 'added' : 'removed';
  const out: DiffPart[] = [];
  const shown = parts.filter((part) => part.kind !== hidden);
  shown.forEach((part, i) => {
    // A space between two changed words is part of that change: a replaced phrase is one mark, not one per word.
    const between = part.kind === 'same' && !part.text.trim() && shown[i - 1]?.kind !== 'same' && shown[i - 1]?.kind === shown[i + 1]?.kind;
    push(out, between ? shown[i - 1].kind : part.kind, part.text);
  });
  return out;
}
