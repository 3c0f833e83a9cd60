import { describe, expect, it } from 'vitest';
import { politely } from './polite-reads.ts';

describe('politely', () => {
  it('runs reads asked for together one at a time, and lets waiting work run between them', async () => {
    const events: string[] = [];
    let running = 0;
    let most = 0;
    const read = async (path: string) => {
      running++;
      most = Math.max(most, running);
      events.push(`start ${path}`);
      // Work that arrives while the read runs (a reader's request) must not wait for the next read.
      setImmediate(() => events.push(`reader after ${path}`));
      await Promise.resolve();
      running--;
      events.push(`end ${path}`);
      return path.toUpperCase();
    };
    const fetch = politely(read);
    const answers = await Promise.all(['a', 'b', 'c'].map((p) => fetch(p)));
    expect(answers).toEqual(['A', 'B', 'C']);
    expect(most).toBe(1);
    expect(events).toEqual(['start a', 'end a', 'reader after a', 'start b', 'end b', 'reader after b', 'start c', 'end c']);
  });

  it('goes on after a read that fails, and hands the failure to its caller only', async () => {
    const fetch = politely(async (path: string) => {
      if (path === 'bad') throw new Error('no such page');
      return path;
    });
    const [bad, good] = await Promise.allSettled([fetch('bad'), fetch('good')]);
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('no such page') });
    expect(good).toEqual({ status: 'fulfilled', value: 'good' });
  });
});
