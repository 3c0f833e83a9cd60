// The bulk rewrite (rewrite-recent) while the configured AI answers 500 follows regenerate-article's
// rule: an article the AI did not rewrite keeps its text and is listed as not changed, with why; a
// run the AI failed for every article changed nothing and says so as a failure. Once the AI has
// failed twice in a row, the rest of the run does not wait on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_REASONS, type OperationResponse } from '@chapar/shared/contracts';
import { toPersianDigits as fa } from '@chapar/shared/text';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../testing/fake-openai-server.ts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';

let ai: FakeOpenAiServer;
let t: IngestTestApp;

/** The answer's common shape, with what this job puts in its result and report. */
type Answer = OperationResponse & {
  result: { total: number; updated: number; failed: number; notChecked: number };
  detailedReport: { processed: Array<{ status: string; outcome: string; articleId: number; reason: string }> };
};

const texts = async () => (await t.database.raw.query<{ id: number; title: string; excerpt: string; content: string; updated_at: Date }>(
  'select id, title, excerpt, content, updated_at from articles order by id')).rows;
const AI_FAILED = 'بازنویسی با هوش مصنوعی انجام نشد: سرویس هوش مصنوعی در دسترس نبود؛ مقاله تغییری نکرد';

beforeAll(async () => {
  ai = await startFakeOpenAi();
  // A refused key falls back at once: the channel's articles are written offline, quickly.
  ai.script({ status: 401, body: { error: { message: 'bad key' } } });
  t = await buildIngestTestApp({ ai: { baseUrl: ai.baseUrl, apiKey: 'test-key', model: 'test-model', timeoutMs: 5_000 } });
  const check = await t.post('/api/admin/auto-monitor/force-check');
  expect(check.statusCode, check.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await ai?.close();
});

describe('rewrite-recent while the AI answers 500', () => {
  it('plans with the AI, then changes nothing and answers a failure naming the AI', async () => {
    const before = await texts();
    expect(before.length).toBeGreaterThanOrEqual(5);
    ai.script({ status: 500, body: { error: { message: 'internal error' } } });

    const preview = await t.post('/api/admin/rewrite-recent', {});
    const plan = preview.json() as Answer;
    expect(plan.status).toBe('awaiting');
    expect(plan.plan!.changes).toBe(before.length);
    // The plan says which rewriter writes the text, and what happens when it fails.
    for (const item of plan.plan!.items) expect(item.reason).toBe('متن را هوش مصنوعی می‌نویسد؛ اگر پاسخ درستی ندهد، مقاله دست نمی‌خورد');

    const started = performance.now();
    const res = await t.post(`/api/admin/operations/${plan.operationId}/confirm`, {});
    const ms = performance.now() - started;
    console.info(`rewrite-recent of ${before.length} articles with the AI down: ${Math.round(ms)} ms, ${ai.requests.length} AI requests`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Answer;
    expect(body).toMatchObject({ success: false, status: 'error', result: { total: before.length, updated: 0, failed: 0, notChecked: before.length } });
    expect(body.message).toBe(`سرویس هوش مصنوعی پاسخ درستی نداد؛ هیچ‌یک از ${fa(before.length)} مقاله بازنویسی نشد و چیزی تغییر نکرد`);

    // Every article as it was: nothing the offline rewriter wrote replaced it.
    expect(await texts()).toEqual(before);

    // Each listed as not changed, with why; after two failures in a row the AI is not asked again.
    const items = body.detailedReport.processed;
    expect(items).toHaveLength(before.length);
    expect(items.every((i) => i.status === 'skipped' && i.outcome === 'not_checked')).toBe(true);
    expect(items.slice(0, 2).map((i) => i.reason)).toEqual([AI_FAILED, AI_FAILED]);
    for (const item of items.slice(2)) expect(item.reason).toBe('سرویس هوش مصنوعی در این اجرا پاسخ درستی نداد (سرویس هوش مصنوعی در دسترس نبود)؛ این مقاله به آن فرستاده نشد و تغییری نکرد');
    expect(ai.requests).toHaveLength(2 * 3);
    expect(ms).toBeLessThan(15_000);

    const record = (await t.get(`/api/admin/operations/${body.operationId}`)).json() as { status: string; errors: string[] };
    expect(record.status).toBe('error');
    expect(record.errors.join('\n')).toContain('سرویس هوش مصنوعی پاسخ درستی نداد (سرویس هوش مصنوعی در دسترس نبود)؛ بقیهٔ مقاله‌ها در این اجرا به آن فرستاده نمی‌شود و تغییری نمی‌کند');
  });

  it('counts only a service that did not answer: an answer it could not use resets the count', async () => {
    const before = await texts();
    const down = { status: 500, body: { error: { message: 'internal error' } } };
    const garbage = { content: 'this is not JSON {' };
    // Article 1: no answer; article 2: an answer that cannot be used; articles 3 and 4: no answer.
    ai.script(down, down, down, garbage, garbage, garbage, down);
    const preview = (await t.post('/api/admin/rewrite-recent', {})).json() as Answer;
    const body = (await t.post(`/api/admin/operations/${preview.operationId}/confirm`, {})).json() as Answer;
    expect(body).toMatchObject({ success: false, status: 'error', result: { updated: 0, notChecked: before.length } });
    expect(body.detailedReport.processed.slice(0, 4).map((i) => i.reason)).toEqual([
      AI_FAILED, 'بازنویسی با هوش مصنوعی انجام نشد: پاسخ هوش مصنوعی شکل درستی نداشت؛ مقاله تغییری نکرد', AI_FAILED, AI_FAILED,
    ]);
    expect(ai.requests).toHaveLength(4 * 3);
    expect(await texts()).toEqual(before);
  }, 60_000);

  it('stops at once when the AI refuses the key', async () => {
    const before = await texts();
    ai.script({ status: 401, body: { error: { message: 'bad key' } } });
    const preview = (await t.post('/api/admin/rewrite-recent', {})).json() as Answer;
    const body = (await t.post(`/api/admin/operations/${preview.operationId}/confirm`, {})).json() as Answer;
    expect(body).toMatchObject({ success: false, status: 'error', result: { updated: 0, notChecked: before.length } });
    expect(ai.requests).toHaveLength(1);
    expect(body.detailedReport.processed[1].reason).toBe('سرویس هوش مصنوعی در این اجرا پاسخ درستی نداد (سرویس هوش مصنوعی کلید را نپذیرفت)؛ این مقاله به آن فرستاده نشد و تغییری نکرد');
    expect(await texts()).toEqual(before);
  });
});

describe('rewrite-recent with no AI configured', () => {
  let offline: IngestTestApp;
  beforeAll(async () => {
    offline = await buildIngestTestApp();
    await offline.post('/api/admin/auto-monitor/force-check');
  });
  afterAll(async () => { await offline?.close(); });

  it('plans and runs with the offline rewriter, and its plan says so', async () => {
    const preview = (await offline.post('/api/admin/rewrite-recent', {})).json() as Answer;
    expect(preview.status).toBe('awaiting');
    expect(preview.plan!.items.length).toBeGreaterThan(0);
    for (const item of preview.plan!.items) expect(item.reason).toBe('هوش مصنوعی تنظیم نشده است؛ متن را بازنویس آفلاین می‌نویسد');
    const before = (await offline.database.raw.query<{ id: number; updated_at: Date }>('select id, updated_at from articles order by id')).rows;
    const res = await offline.post(`/api/admin/operations/${preview.operationId}/confirm`, {});
    const body = res.json() as Answer;
    expect(body).toMatchObject({ success: true, status: 'success', result: { failed: 0, notChecked: 0 } });

    // The offline rewriter wrote these articles: writing them again gives the same text, which is no
    // change (no new date, nothing for an undo to take back), and the answer says so.
    expect(body.result.updated).toBe(0);
    expect(body.detailedReport.processed.every((item) => item.outcome === 'unchanged' && item.reason.startsWith(INGEST_REASONS.same))).toBe(true);
    expect((await offline.database.raw.query<{ id: number; updated_at: Date }>('select id, updated_at from articles order by id')).rows).toEqual(before);
    const changes = await offline.database.raw.query('select 1 from operation_changes where operation_id = $1', [body.operationId]);
    expect(changes.rows).toHaveLength(0);
  });
});
