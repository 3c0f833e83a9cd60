import { describe, expect, it } from 'vitest';
import { freshnessBadge, isHot, isOldContent, wasUpdated } from './freshness.ts';

const NOW = new Date('2026-11-22T10:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe('freshnessBadge', () => {
  it('is fresh up to and including 1 hour', () => {
    expect(freshnessBadge(NOW, NOW)).toEqual({ kind: 'fresh', text: 'تازه منتشر شده' });
    expect(freshnessBadge(ago(HOUR), NOW)).toEqual({ kind: 'fresh', text: 'تازه منتشر شده' });
    expect(freshnessBadge(ago(-10 * MIN), NOW).kind).toBe('fresh'); // clock drift
  });

  it('is recent after 1 hour up to 6 hours', () => {
    expect(freshnessBadge(ago(HOUR + 1), NOW)).toEqual({ kind: 'recent', text: 'جدید' });
    expect(freshnessBadge(ago(6 * HOUR), NOW)).toEqual({ kind: 'recent', text: 'جدید' });
  });

  it('is normal after 6 hours up to 3 days', () => {
    expect(freshnessBadge(ago(6 * HOUR + 1), NOW)).toEqual({ kind: 'normal', text: 'اخیر' });
    expect(freshnessBadge(ago(3 * DAY), NOW)).toEqual({ kind: 'normal', text: 'اخیر' });
  });

  it('shows the relative time after 3 days', () => {
    expect(freshnessBadge(ago(3 * DAY + 1), NOW)).toEqual({ kind: 'old', text: '۳ روز پیش' });
    expect(freshnessBadge(ago(10 * DAY), NOW)).toEqual({ kind: 'old', text: '۱۰ روز پیش' });
  });

  it('accepts ISO strings and survives invalid dates', () => {
    expect(freshnessBadge('2026-11-22T09:30:00Z', NOW).kind).toBe('fresh');
    expect(freshnessBadge('garbage', NOW)).toEqual({ kind: 'old', text: '' });
  });
});

describe('isHot', () => {
  it('needs age up to 24 hours and more than 100 views', () => {
    expect(isHot(ago(DAY), 101, NOW)).toBe(true);
    expect(isHot(ago(DAY + 1), 101, NOW)).toBe(false);
    expect(isHot(ago(HOUR), 100, NOW)).toBe(false);
    expect(isHot('invalid', 1000, NOW)).toBe(false);
  });
});

describe('isOldContent', () => {
  it('is true from 30 days on', () => {
    expect(isOldContent(ago(30 * DAY), NOW)).toBe(true);
    expect(isOldContent(ago(30 * DAY - 1), NOW)).toBe(false);
    expect(isOldContent(ago(400 * DAY), NOW)).toBe(true);
  });
});

describe('wasUpdated', () => {
  it('is true only when the times differ by more than 60 seconds', () => {
    expect(wasUpdated(NOW, new Date(NOW.getTime() + 60_000))).toBe(false);
    expect(wasUpdated(NOW, new Date(NOW.getTime() + 60_001))).toBe(true);
    expect(wasUpdated(NOW, new Date(NOW.getTime() + 5))).toBe(false);
    expect(wasUpdated('2026-11-22T10:00:00Z', '2026-11-22T12:00:00Z')).toBe(true);
  });

  it('is false when either time is missing', () => {
    expect(wasUpdated(NOW, null)).toBe(false);
    expect(wasUpdated(undefined, NOW)).toBe(false);
  });
});
