// Article-page badges (spec 02 §4): freshness, hot, old-content warning, updated.
// `now` is a parameter so the page's 60 s clock and the tests decide the time.
import { formatRelativeFa, toDate, type DateInput } from './dates.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type FreshnessKind = 'fresh' | 'recent' | 'normal' | 'old';
export interface FreshnessBadge {
  kind: FreshnessKind;
  text: string;
}

// Age in ms, never negative: a date a little in the future (clock drift) is brand new.
function ageMs(publishedAt: DateInput, now: DateInput): number | null {
  const published = toDate(publishedAt);
  const current = toDate(now);
  if (!published || !current) return null;
  return Math.max(0, current.getTime() - published.getTime());
}

/** ≤ 1 h 'تازه منتشر شده', ≤ 6 h 'جدید', ≤ 3 days 'اخیر', else the relative time. */
export function freshnessBadge(publishedAt: DateInput, now: DateInput = new Date()): FreshnessBadge {
  const age = ageMs(publishedAt, now);
  if (age === null) return { kind: 'old', text: '' };
  if (age <= HOUR) return { kind: 'fresh', text: 'تازه منتشر شده' };
  if (age <= 6 * HOUR) return { kind: 'recent', text: 'جدید' };
  if (age <= 3 * DAY) return { kind: 'normal', text: 'اخیر' };
  return { kind: 'old', text: formatRelativeFa(publishedAt, now) };
}

/** 'Hot': published within 24 h and viewed more than 100 times. */
export function isHot(publishedAt: DateInput, views: number, now: DateInput = new Date()): boolean {
  const age = ageMs(publishedAt, now);
  return age !== null && age <= DAY && views > 100;
}

/** Old-content warning: 30 days old or more. */
export function isOldContent(publishedAt: DateInput, now: DateInput = new Date()): boolean {
  const age = ageMs(publishedAt, now);
  return age !== null && age >= 30 * DAY;
}

/**
 * 'Updated' badge: the two times differ by more than a minute. Stored rows get both
 * stamps a few milliseconds apart on insert, which must not count as an update.
 */
export function wasUpdated(publishedAt: DateInput | null | undefined, updatedAt: DateInput | null | undefined): boolean {
  const published = toDate(publishedAt);
  const updated = toDate(updatedAt);
  return !!published && !!updated && Math.abs(updated.getTime() - published.getTime()) > MINUTE;
}
