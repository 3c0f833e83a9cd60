import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '@chapar/db/testing';
import type { Database } from '@chapar/db';
import { createArticle } from '../../../testing/factories.ts';

// Ingest writes several posts at once. On PostgreSQL, articles written together that bring the
// same new words each add them to search_terms (a trigger); in different orders, two writers
// waited for each other and one failed with "deadlock detected" (migration 0025 sorts them).
let database: Database;
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database?.close(); });

/** A fixed shuffle (a small linear congruential generator), so every run writes the same orders. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

it('writes articles that bring the same new words at the same time, none failing', async () => {
  const letters = 'ابپتثجچحخدذرزژسشصضطظ';
  const words = Array.from({ length: 400 }, (_, i) => `واژه${letters[i % 20]}${letters[Math.floor(i / 20)]}`);
  const failures: string[] = [];
  const rounds = 15;
  const writers = 4;
  for (let round = 0; round < rounds; round++) {
    await Promise.all(Array.from({ length: writers }, async (_, writer) => {
      const text = shuffled(words, round * writers + writer + 1).slice(0, 250).map((w) => `${w}${letters[round]}`).join(' ');
      try {
        await createArticle(database, { source: 'search_terms_writers', telegramId: round * writers + writer + 1, content: `<p>${text}</p>` });
      } catch (error) {
        failures.push(String((error as Error).cause ?? error));
      }
    }));
  }
  expect(failures).toEqual([]);
  const written = await database.raw.query<{ n: number }>(`select count(*)::int as n from articles where source = 'search_terms_writers'`);
  expect(written.rows[0].n).toBe(rounds * writers);
  // Every word of the last round reached the suggestions' table.
  const last = await database.raw.query<{ n: number }>(`select count(*)::int as n from search_terms where term like 'واژه%' and term like $1`, [`%${letters[rounds - 1]}`]);
  expect(last.rows[0].n).toBeGreaterThanOrEqual(250);
});
