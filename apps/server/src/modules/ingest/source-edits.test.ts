// Posts edited at their source: one rewrites its article at once (keeping a version to restore);
// several in one check wait in a plan for an editor, and its confirmation reads them again and
// rewrites their articles, undoably.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationRecord } from '@chapar/shared/contracts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';

let t: IngestTestApp;
type Row = { id: number; title: string; status: string };
const article = async (telegramId: number) =>
  (await t.database.raw.query<Row>('select id, title, status from articles where telegram_id = $1', [telegramId])).rows[0];
const sync = async () => {
  const res = await t.post('/api/admin/sync-all-channels');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { success: boolean; message: string; editsAwaiting?: number };
};

beforeAll(async () => {
  t = await buildIngestTestApp();
  await sync();
});
afterAll(async () => { await t?.close(); });

describe('posts edited at the source', () => {
  it('one edit rewrites its article at once, and the article keeps what it replaced', async () => {
    const before = await article(102);
    t.server.edit(102, '۱۰۲٬۳۰۰ تومان رسید', '۱۰۴٬۸۰۰ تومان رسید');
    await sync();
    expect((await article(102)).title).toBe('قیمت دلار در بازار آزاد به ۱۰۴٬۸۰۰ تومان رسید');
    const versions = (await t.get(`/api/admin/articles/${before.id}/versions`)).json() as { versions: Array<{ title: string; action: string; savedBy: string | null }> };
    expect(versions.versions[0]).toMatchObject({ title: before.title, action: 'regenerate', savedBy: null });
  });

  it('several edits in one check change nothing until an editor confirms; the confirmed rewrite can be undone', async () => {
    const a = await article(102);
    const b = await article(116);
    t.server.edit(102, '۱۰۴٬۸۰۰ تومان رسید', '۱۰۶٬۱۰۰ تومان رسید');
    t.server.edit(116, 'تیم ملی', 'تیم ملی فوتبال');
    const answer = await sync();
    expect(answer.message).toContain('۲ پست در کانال ویرایش شده است؛ مقاله‌هایشان تا تأیید ویراستار در «عملیات» دست نمی‌خورند');
    expect([(await article(102)).title, (await article(116)).title]).toEqual([a.title, b.title]);

    // A later check leaves the held posts alone: still nothing rewritten, no second plan.
    await sync();
    expect((await article(102)).title).toBe(a.title);
    const list = (await t.get('/api/admin/operations?limit=50')).json() as { operations: OperationRecord[] };
    const plans = list.operations.filter((op) => op.name === 'source-edits' && op.status === 'awaiting');
    expect(plans).toHaveLength(1);
    expect(plans[0].plan!.items.map((item) => [item.articleId, item.change])).toEqual(expect.arrayContaining([[a.id, 'rewrite'], [b.id, 'rewrite']]));

    const confirmed = await t.post(`/api/admin/operations/${plans[0].id}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await article(102)).title).toBe('قیمت دلار در بازار آزاد به ۱۰۶٬۱۰۰ تومان رسید');
    expect((await article(116)).title).not.toBe(b.title);

    const undo = await t.post(`/api/admin/operations/${plans[0].id}/undo`, {});
    expect(undo.statusCode, undo.body).toBe(200);
    expect([(await article(102)).title, (await article(116)).title]).toEqual([a.title, b.title]);
  });
});
