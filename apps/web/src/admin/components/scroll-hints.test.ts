// The fade useScrollHints asks for is drawn by admin.css; in right-to-left rows the end is the left edge.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../admin.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The mask of the rule whose selector is exactly `selector`. */
function mask(selector: string): string {
  const rule = css.split('}').find((block) => block.split('{')[0]!.trim() === selector);
  const value = /mask-image:\s*([^;]+);/.exec(rule ?? '')?.[1];
  if (!value) throw new Error(`no mask for ${selector}`);
  return value.replace(/\s+/g, ' ');
}

describe('the sideways scroll fade', () => {
  // 'to right' starts at the left edge: transparent there, so the left (end) edge fades.
  it('fades the left edge when more is hidden past the end, the right edge when more is back at the start', () => {
    expect(mask(".scroll-hints[data-more-end='true']")).toMatch(/^linear-gradient\(to right, transparent, #000 [\d.]+rem\)$/);
    expect(mask(".scroll-hints[data-more-start='true']")).toMatch(/^linear-gradient\(to left, transparent, #000 [\d.]+rem\)$/);
  });

  it('fades both edges when more is hidden on both sides', () => {
    expect(mask(".scroll-hints[data-more-start='true'][data-more-end='true']")).toMatch(/^linear-gradient\(to \w+, transparent, #000 ([\d.]+rem), #000 calc\(100% - \1\), transparent\)$/);
  });
});
