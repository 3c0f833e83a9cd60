// Text an editor or a channel sends may be 200,000 characters of anything. Every function here
// runs on it while a request or a job waits, and the server with it: a pattern that rescans the
// rest of the text from each '<' (or each digit, comma, space) takes seconds to hours on such text,
// and must stay linear. The bound is generous (a loaded two-core machine); the failures were seconds
// at these lengths. Reading aloud and topics do more work per character, so they get 20,000
// characters, where the old patterns took seconds already.
import { describe, expect, it } from 'vitest';
import { htmlShowsContent, visibleText } from '../contracts/visible-text.ts';
import { updateArticleBody } from '../contracts/articles.ts';
import { tidyTopic } from '../topics/phrase.ts';
import { extractTopics } from '../topics/extract.ts';
import { cleanTypedText } from './invisible.ts';
import { excerptRepeatsLead, firstParagraphText } from './lead.ts';
import { stripHtml } from './normalize.ts';
import { speakLatinFa } from './spoken-latin.ts';
import { speakNumbersFa } from './spoken-numbers.ts';

const BOUND_MS = 500;
const fill = (unit: string, before = '', after = '', length = 200_000) => `${before}${unit.repeat(Math.ceil(length / unit.length))}${after}`;

/** The fastest of two runs, so one garbage collection or busy neighbour does not fail the test. */
function fastestMs(run: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < 2 && best > BOUND_MS; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

const HTML_WORST = [
  fill('<a'), fill('<a', 'x', '!'), fill('<p'), fill('<p>'), fill('<img '), fill('<img src'), fill('<img src='), fill('<video '),
  fill('<script'), fill('<img ', '', '>'),
];

describe('long input runs in linear time', () => {
  it.each(HTML_WORST.map((html) => [JSON.stringify(html.slice(0, 12)), html]))('HTML %s… through the body\'s checks', (_label, html) => {
    for (const run of [() => stripHtml(html), () => htmlShowsContent(html), () => firstParagraphText(html), () => excerptRepeatsLead('خبر', html),
      () => updateArticleBody.safeParse({ content: html })]) {
      expect(fastestMs(run), run.toString()).toBeLessThan(BOUND_MS);
    }
  });

  it.each([' ', '\n', '\u200b'])('a field of %j between two letters', (blank) => {
    const text = fill(blank, 'x', 'y');
    const field = visibleText({ label: 'عنوان', min: 3, max: 200 });
    expect(fastestMs(() => cleanTypedText(text))).toBeLessThan(BOUND_MS);
    expect(fastestMs(() => field.safeParse(text))).toBeLessThan(BOUND_MS);
  });

  it.each(['1', '۱'])('a body of %j over and over, read aloud', (unit) => {
    const text = fill(unit, 'x', 'x', 20_000);
    expect(fastestMs(() => speakNumbersFa(text, { sports: false }))).toBeLessThan(BOUND_MS);
    expect(fastestMs(() => speakLatinFa(text))).toBeLessThan(BOUND_MS);
  });

  it('a word ending in a long run of ZWNJ, as a topic', () => {
    const text = fill('\u200c', 'الف', 'ب', 20_000);
    expect(fastestMs(() => tidyTopic(text))).toBeLessThan(BOUND_MS);
    expect(fastestMs(() => extractTopics(text, { max: 8 }))).toBeLessThan(BOUND_MS);
  });
});
