// The full scan's candidate pairs, grouped in typed arrays, against the plain reading: every
// two owners of a band, once, with the bands too many share skipped.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../testing/seeded-random.ts';
import { bandPairs } from './band-pairs.ts';
import { screenCandidates } from './detector.ts';
import { buildSignature } from './signature.ts';

/** The pairs as a Map of every band's owners finds them. */
function plainPairs(bandsOf: number[][], cap: number): number[] {
  const owners = new Map<number, number[]>();
  bandsOf.forEach((list, owner) => {
    for (const band of list) owners.set(band, [...(owners.get(band) ?? []), owner]);
  });
  const pairs = new Set<number>();
  for (const list of owners.values()) {
    if (list.length > cap) continue;
    for (const i of list) for (const j of list) if (i < j) pairs.add(i * bandsOf.length + j);
  }
  return [...pairs].sort((a, b) => a - b);
}

describe('band pairs', () => {
  it('finds every pair sharing a band, once each, in order, as a Map of the bands does', () => {
    const rand = seededRandom(11);
    // 48-bit keys like the index's, drawn from few enough values that many are shared.
    const keys = Array.from({ length: 3000 }, () => (1 + Math.floor(rand() * 60)) * 2 ** 40 + Math.floor(rand() * 2 ** 30));
    const bandsOf = Array.from({ length: 2000 }, () => Array.from({ length: 1 + Math.floor(rand() * 8) }, () => keys[Math.floor(rand() * keys.length)]));
    const { pairs, bands } = bandPairs(bandsOf, 5);
    const expected = plainPairs(bandsOf, 5);
    expect(expected.length).toBeGreaterThan(500);
    expect([...pairs]).toEqual(expected);
    expect(bands).toBe(new Set(bandsOf.flat()).size);
  });

  it('skips a band more than the cap share, and keeps the pairs those owners meet in elsewhere', () => {
    const common = 5 * 2 ** 40 + 7;
    const rare = 6 * 2 ** 40 + 9;
    const bandsOf = [[common, rare], [common], [common, rare], [common]];
    expect([...bandPairs(bandsOf, 3).pairs]).toEqual([0 * 4 + 2]);
    expect([...bandPairs(bandsOf, 4).pairs]).toEqual([1, 2, 3, 6, 7, 11]);
  });

  it('an owner listed twice in a band is no pair with itself', () => {
    const band = 21 * 2 ** 40 + 0xaaaa;
    expect([...bandPairs([[band, band], [3 * 2 ** 40]], 20).pairs]).toEqual([]);
    expect([...bandPairs([[band, band], [band]], 20).pairs]).toEqual([1]);
  });

  it('an article with two pictures alike in a quarter is not screened as its own duplicate', () => {
    const screen = (id: number, body: string, images: string[]) => buildSignature({ id, body, images, publishedAt: Date.parse('2026-12-05T08:00:00Z') });
    const screens = [
      screen(1, 'تیم ملی والیبال ایران در دیدار دوستانه امروز برابر ژاپن به برتری رسید و آماده مسابقات آسیایی شد', ['aaaa000000000000', 'aaaa111111111111']),
      screen(2, 'قیمت طلا در بازار امروز پس از سه روز کاهش دوباره بالا رفت و سکه امامی گران شد', ['5555f0f0f0f0f0f0']),
    ];
    expect(screenCandidates(screens, 0.28).survivors).toEqual([]);
  });
});
