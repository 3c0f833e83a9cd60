import { describe, expect, it } from 'vitest';
import { cloudFontSize } from './api.ts';
import { topicTone } from './topic-color.ts';

describe('trending cloud', () => {
  it('scales font size linearly with count from 0.7rem to 2.5rem', () => {
    expect(cloudFontSize(1, 1, 11)).toBe(0.7);
    expect(cloudFontSize(11, 1, 11)).toBe(2.5);
    expect(cloudFontSize(6, 1, 11)).toBe(1.6);
  });

  it('colours by political or economic category first, then by trend', () => {
    expect(topicTone({ keyword: 'a', count: 1, trend: 'up', category: 'سیاست' })).toBe('politics');
    expect(topicTone({ keyword: 'a', count: 1, trend: 'down', category: 'اقتصاد' })).toBe('economy');
    expect(topicTone({ keyword: 'a', count: 1, trend: 'stable', category: 'سیاست' })).toBe('politics');
    expect(topicTone({ keyword: 'a', count: 1, trend: 'up', category: 'ورزش' })).toBe('up');
    expect(topicTone({ keyword: 'a', count: 1, trend: 'down', category: 'سلامت' })).toBe('down');
    expect(topicTone({ keyword: 'a', count: 1, trend: 'stable', category: 'ورزش' })).toBe('neutral');
  });

  it('uses every colour of the legend on a busy week, where every topic rises or falls', () => {
    const week = [
      { category: 'سیاست', trend: 'up' }, { category: 'اقتصاد', trend: 'down' },
      { category: 'ورزش', trend: 'up' }, { category: 'فناوری', trend: 'down' },
    ] as const;
    const tones = new Set(week.map((t) => topicTone({ keyword: 'a', count: 1, ...t })));
    expect(tones).toEqual(new Set(['politics', 'economy', 'up', 'down']));
  });
});
