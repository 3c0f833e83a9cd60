// A preview with nothing to confirm does not wait for an editor: «بررسی مقالات با منبع» run while
// Telegram fails (or finds nothing to change) ends at once, an error or a success with its
// message, and the operations list never shows it «در انتظار تأیید».
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PLAN_MESSAGES, type OperationRecord, type OperationResponse } from '@chapar/shared/contracts';
import type { SyntheticChannel } from '../../../testing/synthetic-channel.ts';
import { startSyntheticNewsroom } from '../../../testing/synthetic-newsroom.ts';
import type { TestApp } from '../../../testing/test-app.ts';
import { operationsRepo } from './operations-repo.ts';
import { buildPlan, planItem } from './plans.ts';

let t: TestApp;
let channel: SyntheticChannel;
let headers: Record<string, string>;

beforeAll(async () => {
  ({ t, channel, headers } = await startSyntheticNewsroom(5));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await channel?.close();
});
afterEach(async () => {
  channel.reset();
  await t.database.db.execute(sql`delete from operations`);
});

const post = (url: string) => t.app.inject({ method: 'POST', url, headers });
const operations = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/operations', headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as { operations: OperationRecord[] }).operations;
};
const preview = async () => {
  const res = await post('/api/admin/check-articles');
  expect(res.statusCode).toBe(200);
  return res.json() as OperationResponse;
};

describe('a verification preview with nothing to confirm', () => {
  it('while Telegram answers 500: ends as an error at once, with why, and is not listed as awaiting', async () => {
    channel.pages('answers_500');
    const answer = await preview();
    expect(answer).toMatchObject({ success: false, status: 'error', plan: { looked: 0, changes: 0 } });
    expect(answer.message).toMatch(/^پیش‌نمایش «بررسی مقالات با منبع» ناموفق بود: هیچ‌یک از ۵ مقاله بررسی نشد \(/);
    expect(answer.message).toContain('خوانده نشد');

    const listed = await operations();
    expect(listed.filter((o) => o.status === 'awaiting')).toEqual([]);
    const record = listed.find((o) => o.id === answer.operationId)!;
    expect(record).toMatchObject({ status: 'error', progress: 100, results: { message: answer.message, total: 5, notChecked: 5 } });
    expect(record.endTime).not.toBeNull();
    expect(record.errors.at(-1)).toContain(answer.message);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/operations?status=awaiting', headers })).json()).toEqual({ operations: [] });

    // Confirming it still says there is nothing to run.
    const confirm = await post(`/api/admin/operations/${answer.operationId}/confirm`);
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json()).toMatchObject({ message: PLAN_MESSAGES.nothingToConfirm });
    expect((await operations()).find((o) => o.id === answer.operationId)?.status).toBe('error');
  }, 30_000);

  it('when every article matches its post: ends as a success at once, saying nothing needs changing', async () => {
    const answer = await preview();
    expect(answer).toMatchObject({ success: true, status: 'success', plan: { looked: 5, changes: 0 } });
    expect(answer.message).toBe('پیش‌نمایش «بررسی مقالات با منبع»: ۵ مقاله بررسی شد و تغییری لازم نیست');
    const record = (await operations()).find((o) => o.id === answer.operationId)!;
    expect(record).toMatchObject({ status: 'success', results: { message: answer.message, total: 5, notChecked: 0 }, errors: [] });
    expect(record.logs.at(-1)).toContain(answer.message);
  }, 30_000);

  it('a preview that does change something still waits for the editor', async () => {
    channel.remove(3);
    const answer = await preview();
    expect(answer).toMatchObject({ status: 'awaiting', plan: { changes: 1 } });
    expect((await operations()).find((o) => o.id === answer.operationId)?.status).toBe('awaiting');
  }, 30_000);

  it('a record made awaiting with a plan that changes nothing is made finished instead', async () => {
    const [article] = (await t.database.raw.query<{ id: number; title: string; source: string; telegram_id: number }>('select id, title, source, telegram_id from articles limit 1')).rows;
    const item = planItem({ id: article.id, title: article.title, source: article.source, telegramId: article.telegram_id }, 'unchanged', '');
    const row = await operationsRepo.create(t.database.db, { kind: 'source-deletions', params: {}, status: 'awaiting', plan: buildPlan([item], { exact: true }) });
    expect(row).toMatchObject({ status: 'success', progress: 100, result: { preview: true, total: 1, notChecked: 0 } });
    expect(row.finishedAt).not.toBeNull();
  });
});
