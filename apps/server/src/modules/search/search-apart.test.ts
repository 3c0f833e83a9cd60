// A compound some stories write run together («کمآبی») and others apart, with a space or a ZWNJ:
// a search for any of the three spellings finds every one of them, and nothing merges words that
// merely stand in the same story or that Persian writes apart («به روز» is no «بهروز»).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const story = async (title: string) => (await createArticle(t.database, { title, content: '<p>گزارش خبرنگار.</p>', keywords: 'گزارش' })).id;
  ids.together = await story('هشدار کمآبی در تابستان');
  ids.space = await story('مقابله با کم آبی در شهرها');
  ids.zwnj = await story('بحران کم‌آبی در استان');
  // Both pieces, but not one after the other.
  ids.blue = await story('آسمان آبی و باران کم');
  ids.pale = await story('پیراهن آبی کم‌رنگ');
  ids.name = await story('گفت‌وگو با بهروز');
  ids.update = await story('به روز رسانی سامانه');
});
afterAll(async () => { await t?.close(); });

const found = async (q: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/search/advanced?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { articles: Array<{ id: number }> }).articles.map((a) => a.id);
};

describe('a compound written run together or apart', () => {
  it('is found in all three spellings by each of them', async () => {
    const water = [ids.together, ids.space, ids.zwnj];
    for (const q of ['کمآبی', 'کم آبی', 'کم\u200cآبی']) expect(await found(q), q).toEqual(expect.arrayContaining(water));
    // Run together, the pieces must be next to each other and in order.
    expect((await found('کمآبی')).sort()).toEqual([...water].sort());
  });

  it('does not make one piece find the run-together word, nor merge what Persian writes apart', async () => {
    for (const q of ['کم', 'آبی']) expect(await found(q), q).not.toContain(ids.together);
    expect(await found('بهروز')).toEqual([ids.name]);
  });
});
