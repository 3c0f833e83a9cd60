// Words for the generated corpora of the benchmarks: the demo texts' vocabulary, drawn with
// Zipf's law as words in real news are (a few everywhere, most rare).
import { DEMO_ARTICLES } from '@chapar/db/seed';
import { normalizePersian, stripHtml } from '@chapar/shared/text';

/** The distinct words of the demo articles (normalised, no digits, longer than two letters). */
export const demoVocabulary = (): string[] =>
  [...new Set(DEMO_ARTICLES.flatMap((a) => normalizePersian(`${a.title} ${stripHtml(a.content)}`).replace(/[.،؛:!؟?«»()"]/g, ' ').split(' ')))]
    .filter((w) => w.length > 2 && !/\d/.test(w));

/** Draws from `list` with the k-th entry 1/k as likely as the first. */
export function zipfPicker(list: readonly string[], rand: () => number): () => string {
  const cumulative: number[] = [];
  list.reduce((sum, _w, rank) => { cumulative.push(sum + 1 / (rank + 1)); return sum + 1 / (rank + 1); }, 0);
  return () => {
    const x = rand() * cumulative[cumulative.length - 1];
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (cumulative[mid] < x) lo = mid + 1; else hi = mid; }
    return list[lo];
  };
}
