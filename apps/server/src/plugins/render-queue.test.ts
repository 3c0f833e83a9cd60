import { describe, expect, it } from 'vitest';
import { createRenderQueue } from './render-queue.ts';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createRenderQueue', () => {
  it('starts work in the order it was asked for, never more than the concurrency at once', async () => {
    const queue = createRenderQueue(2);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const work = (n: number) => queue.run(async () => {
      started.push(n);
      running++;
      most = Math.max(most, running);
      // Later work finishes first: the queue must still start the rest in arrival order.
      for (let i = 0; i < 10 - n; i++) await turn();
      running--;
      return n * 10;
    });
    const answers = await Promise.all([0, 1, 2, 3, 4, 5, 6].map(work));
    expect(answers).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(2);
    expect(queue.waiting).toBe(0);
  });

  it('lets what arrived meanwhile run before the next piece of work begins', async () => {
    const queue = createRenderQueue(1);
    const events: string[] = [];
    const first = queue.run(async () => { events.push('render 1'); setImmediate(() => events.push('a request arrives')); });
    const second = queue.run(async () => { events.push('render 2'); });
    expect(events).toEqual([]);
    expect(queue.waiting).toBe(1);
    await Promise.all([first, second]);
    expect(events).toEqual(['render 1', 'a request arrives', 'render 2']);
  });

  it('hands a failure (thrown or rejected) to its own caller and goes on', async () => {
    const queue = createRenderQueue(1);
    const results = await Promise.allSettled([
      queue.run(() => { throw new Error('thrown'); }),
      queue.run(async () => { throw new Error('rejected'); }),
      queue.run(async () => 'fine'),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['thrown', 'rejected', 'fine']);
  });

  it('refuses a concurrency that is not a whole number of at least one', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => createRenderQueue(bad)).toThrow(/render concurrency/);
  });
});
