import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

const channels = (value: string) => loadConfig({ TELEGRAM_CHANNELS: value, DATA_DIR: 'memory://' }).channels;

describe('TELEGRAM_CHANNELS', () => {
  it('reads roles and names, bare names in order', () => {
    expect(channels('primary:akhbar_rooz, secondary:@Other_News')).toEqual([
      { role: 'primary', username: 'akhbar_rooz' }, { role: 'secondary', username: 'Other_News' },
    ]);
    expect(channels('akhbar_rooz,other_news')).toEqual([
      { role: 'primary', username: 'akhbar_rooz' }, { role: 'secondary', username: 'other_news' },
    ]);
    expect(channels('')).toEqual([]);
  });

  it.each(['tertiary:akhbar_rooz', 'primary:a/b', 'primary:akhbar_rooz,primary:other_news', 'primary:akhbar_rooz,secondary:AKHBAR_ROOZ'])('refuses %s, naming the variable', (value) => {
    expect(() => channels(value)).toThrow(/TELEGRAM_CHANNELS/);
  });
});
