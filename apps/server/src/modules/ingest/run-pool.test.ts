import { describe, expect, it } from 'vitest';
import { runPool } from './run-pool.ts';

describe('runPool', () => {
  it('runs at most `concurrency` at once and answers in item order', async () => {
    let running = 0;
    let most = 0;
    const out = await runPool([30, 10, 20, 0, 5], 2, async (ms, i) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, ms));
      running--;
      return `${i}:${ms}`;
    });
    expect(out).toEqual(['0:30', '1:10', '2:20', '3:0', '4:5']);
    expect(most).toBe(2);
  });
});
