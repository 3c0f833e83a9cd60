// regenerate-article for an article whose post is gone from the channel changes nothing: the
// answer says so as a failure, as its operation's record does, and the article stays as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationRecord } from '@chapar/shared/contracts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { REPAIR_REASONS } from '../ingest/repair.ts';

let t: IngestTestApp;

const article = async (telegramId: number) => (await t.database.raw.query<{ id: number; title: string; content: string; status: string; updated_at: Date }>(
  'select id, title, content, status, updated_at from articles where telegram_id = $1', [telegramId])).rows[0];
const lastOperation = async (kind: string) =>
  ((await t.get(`/api/admin/operations?name=${kind}&limit=1`)).json() as { operations: OperationRecord[] }).operations[0];

beforeAll(async () => {
  t = await buildIngestTestApp();
  const res = await t.post('/api/admin/auto-monitor/force-check');
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => { await t?.close(); });

describe('regenerate-article when the post is not found', () => {
  it('answers a failure that agrees with its record, and leaves the article', async () => {
    const before = await article(112);
    t.server.remove(112);
    const res = await t.post(`/api/admin/regenerate-article/${before.id}`);
    const record = await lastOperation('regenerate-article');
    expect(record.status).toBe('error');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ error: 'conflict', message: REPAIR_REASONS.postMissing });
    expect(record.results).toMatchObject({ total: 1, updated: 0, notChecked: 1 });
    expect(await article(112)).toEqual(before);
  });

  it('still answers success when the post is there', async () => {
    const { id } = await article(106);
    const res = await t.post(`/api/admin/regenerate-article/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, articleId: id });
    expect((await lastOperation('regenerate-article')).status).toBe('success');
  });
});
