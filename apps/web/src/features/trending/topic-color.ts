import { findCategory } from '@chapar/shared/text';
import type { TrendingTopic } from './api.ts';

export type TopicTone = 'up' | 'down' | 'politics' | 'economy' | 'neutral';

/**
 * Spec 01 §2 legend: green growing, red declining, blue political, teal economic. A topic
 * shows its category where the legend has one (a trend is always up or down on a busy
 * site, so trend first would leave blue and teal unused); the others show their trend.
 */
export function topicTone(topic: TrendingTopic): TopicTone {
  const slug = findCategory(topic.category)?.slug;
  if (slug === 'politics') return 'politics';
  if (slug === 'economy') return 'economy';
  if (topic.trend === 'up') return 'up';
  if (topic.trend === 'down') return 'down';
  return 'neutral';
}

export const TONE_CLASSES: Record<TopicTone, string> = {
  up: 'text-green-700 dark:text-green-400',
  down: 'text-red-700 dark:text-red-400',
  politics: 'text-blue-700 dark:text-blue-400',
  economy: 'text-teal-700 dark:text-teal-400',
  neutral: 'text-fg',
};

export const TONE_LEGEND: Array<{ tone: TopicTone; label: string; swatch: string }> = [
  { tone: 'up', label: 'در حال رشد', swatch: 'bg-green-600' },
  { tone: 'down', label: 'در حال کاهش', swatch: 'bg-red-600' },
  { tone: 'politics', label: 'سیاسی', swatch: 'bg-blue-600' },
  { tone: 'economy', label: 'اقتصادی', swatch: 'bg-teal-600' },
  { tone: 'neutral', label: 'سایر موضوعات', swatch: 'bg-fg' },
];
