import { describe, expect, it } from 'vitest';
import { secondsUntilBudgetsAllow } from './errors.ts';

const BUDGETS = [{ max: 3, windowMs: 60_000 }, { max: 10, windowMs: 3_600_000 }];
const NOW = 1_800_000_000_000;

describe('secondsUntilBudgetsAllow', () => {
  it('is 0 while no budget is full, whatever the oldest stamps', () => {
    expect(secondsUntilBudgetsAllow(BUDGETS, [{ count: 2, oldest: NOW - 1_000 }, { count: 9, oldest: NOW - 1_000 }], NOW)).toBe(0);
    expect(secondsUntilBudgetsAllow(BUDGETS, [{ count: 0, oldest: null }, { count: 0, oldest: null }], NOW)).toBe(0);
  });

  it('waits for the oldest row of a full budget to leave its window', () => {
    expect(secondsUntilBudgetsAllow(BUDGETS, [{ count: 3, oldest: NOW - 45_000 }, { count: 3, oldest: NOW - 45_000 }], NOW)).toBe(15);
  });

  it('with two full budgets, waits for the later of the two', () => {
    expect(secondsUntilBudgetsAllow(BUDGETS, [{ count: 3, oldest: NOW - 50_000 }, { count: 10, oldest: NOW - 3_000_000 }], NOW)).toBe(600);
  });
});
