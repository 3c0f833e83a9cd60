import { describe, expect, it } from 'vitest';
import type { ArticleSummary } from '../../lib/article-summary.ts';
import { dedupeById } from './api.ts';

const a = (id: number) => ({ id, title: `t${id}` }) as ArticleSummary;

describe('dedupeById', () => {
  it('merges feed pages keeping the first of each id', () => {
    expect(dedupeById([[a(1), a(2)], [a(2), a(3)], []]).map((x) => x.id)).toEqual([1, 2, 3]);
  });
});
