import { describe, expect, it } from 'vitest';
import { gradePerformance } from './grade.ts';

describe('gradePerformance (spec 01 §9)', () => {
  it('grades excellent, good and poor at the spec thresholds', () => {
    expect(gradePerformance({ fps: 50, latencyMs: 199, memoryMb: 99 })).toBe('excellent');
    expect(gradePerformance({ fps: 50, latencyMs: 200, memoryMb: 99 })).toBe('good');
    expect(gradePerformance({ fps: 30, latencyMs: 499, memoryMb: 199 })).toBe('good');
    expect(gradePerformance({ fps: 29, latencyMs: 10, memoryMb: 10 })).toBe('poor');
    expect(gradePerformance({ fps: 60, latencyMs: 10, memoryMb: 200 })).toBe('poor');
  });
});
