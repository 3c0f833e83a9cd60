import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.ts';
import { articleRedirects } from '../schema/index.ts';
import { openTestDatabase } from '../../testing/index.ts';
import { seedRedirects } from './redirects.ts';

let database: Database;
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database?.close(); });

describe('seedRedirects', () => {
  it('adds 884 → 885 once and leaves an edited row alone', async () => {
    expect(await seedRedirects(database)).toBe(1);
    expect(await seedRedirects(database)).toBe(0);
    const rows = await database.db.select().from(articleRedirects);
    expect(rows).toMatchObject([{ fromId: 884, toId: 885, reason: 'spec' }]);
    await database.db.update(articleRedirects).set({ toId: 900 });
    await seedRedirects(database);
    expect((await database.db.select().from(articleRedirects))[0].toId).toBe(900);
  });
});
