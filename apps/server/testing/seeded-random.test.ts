import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random.ts';

describe('seededRandom', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const c = seededRandom(8);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(Array.from({ length: 5 }, c)).not.toEqual(first);
  });

  it('does not cycle within a large corpus and spreads evenly over [0, 1)', () => {
    const rand = seededRandom(42);
    const seen = new Set<number>();
    const buckets = new Array(10).fill(0);
    let outside = 0;
    for (let i = 0; i < 1_000_000; i += 1) {
      const x = rand();
      if (!(x >= 0 && x < 1)) outside += 1;
      seen.add(x);
      buckets[Math.floor(x * 10)] += 1;
    }
    expect(outside).toBe(0);
    expect(seen.size).toBeGreaterThan(999_000);
    for (const n of buckets) expect(Math.abs(n - 100_000)).toBeLessThan(2_000);
  });
});
