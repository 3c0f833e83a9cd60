import { describe, expect, it } from 'vitest';
import { heapGrowingPercent } from './heap-policy.ts';

describe('heapGrowingPercent', () => {
  it('gives the embedded database’s process the larger factor and PostgreSQL’s the smaller', () => {
    expect(heapGrowingPercent({})).toBe(50);
    expect(heapGrowingPercent({ DATABASE_URL: '  ' })).toBe(50);
    expect(heapGrowingPercent({ DATABASE_URL: 'postgres://db.example/chapar' })).toBe(20);
  });
});
