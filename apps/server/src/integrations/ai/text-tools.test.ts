// The rewriters' text helpers run on a channel's post and, for a field an editor regenerates, on
// a body of up to 200,000 characters: none may rescan the text from each character of a long run.
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './check-rewrite.ts';
import { htmlToText, stripTrailingPunctuation } from './text-tools.ts';

const BOUND_MS = 500;
function fastestMs(run: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < 2 && best > BOUND_MS; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe('text helpers on long input', () => {
  it('still strip the end punctuation they did', () => {
    expect(stripTrailingPunctuation('خبر فوری، ')).toBe('خبر فوری');
    expect(stripTrailingPunctuation('«خبر»...')).toBe('«خبر»');
    expect(stripTrailingPunctuation('خبر»:')).toBe('خبر');
  });

  it.each(['،', ' ', '*'])('strip the end of a headline with 20,000 %j before its last word', (unit) => {
    const text = `خبر${unit.repeat(20_000)}تازه`;
    expect(fastestMs(() => stripTrailingPunctuation(text))).toBeLessThan(BOUND_MS);
  });

  it.each(['<a', '<p'])('take a body of %j × 100,000 as text or markup at once', (unit) => {
    const html = unit.repeat(100_000);
    expect(fastestMs(() => htmlToText(html))).toBeLessThan(BOUND_MS);
    expect(fastestMs(() => sanitizeArticleHtml(html))).toBeLessThan(BOUND_MS);
  });
});
