// "Regenerate, overwriting my edits" releases the hand-edit marks only with the write that
// overwrites them: a run that outlives the request (202) and then fails leaves the editor's
// fields protected, so a later plain regenerate still keeps them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationRecord } from '@chapar/shared/contracts';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../testing/fake-openai-server.ts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { POST_102_REWRITE as REWRITE } from '../../../testing/ai-article-app.ts';

let ai: FakeOpenAiServer;
let t: IngestTestApp;
let id: number;

const HAND_TITLE = 'عنوانی که ویراستار نوشت';

const article = async () => (await t.database.raw.query<{ title: string; edited_fields: string[] }>(
  'select title, edited_fields from articles where id = $1', [id])).rows[0];

async function settled(operationId: number): Promise<OperationRecord> {
  for (let i = 0; i < 300; i++) {
    const record = (await t.get(`/api/admin/operations/${operationId}`)).json() as OperationRecord;
    if (record.status !== 'running' && record.status !== 'idle') return record;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the operation did not end');
}

/** A regenerate, waited for to its end (the request's own wait is short). */
async function regenerate(payload: object) {
  const res = await t.post(`/api/admin/regenerate-article/${id}`, payload);
  expect([200, 202], res.body).toContain(res.statusCode);
  return settled((res.json() as { operationId: number }).operationId);
}

beforeAll(async () => {
  ai = await startFakeOpenAi();
  t = await buildIngestTestApp({ adminJobWaitMs: 1_000, ai: { baseUrl: ai.baseUrl, apiKey: 'test-key', model: 'test-model', timeoutMs: 1_500 } });
  ai.script({ content: JSON.stringify(REWRITE) });
  // The wait is short: the article may be written after the answer.
  const res = await t.post('/api/admin/process-post', { postId: 102 });
  expect((await settled((res.json() as { operationId: number }).operationId)).status).toBe('success');
  id = (await t.database.raw.query<{ id: number }>('select id from articles where telegram_id = 102')).rows[0].id;
});
afterAll(async () => {
  await t?.close();
  await ai?.close();
});

describe('regenerate overwriting edits, when the run fails after the request answered', () => {
  it('keeps the edit marks, and a later regenerate keeps the editor\'s title', async () => {
    const edited = await t.app.inject({ method: 'PATCH', url: `/api/admin/articles/${id}`, headers: t.headers, payload: { title: HAND_TITLE } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await article()).edited_fields).toEqual(['title']);

    ai.script({ hang: true });
    const res = await t.post(`/api/admin/regenerate-article/${id}`, { overwriteEdits: true });
    expect(res.statusCode, res.body).toBe(202);
    const record = await settled((res.json() as { operationId: number }).operationId);
    expect(record.status).toBe('error');
    expect(await article()).toEqual({ title: HAND_TITLE, edited_fields: ['title'] });

    // The AI is back: a plain regenerate rebuilds the article and still keeps the editor's title.
    ai.script({ content: JSON.stringify(REWRITE) });
    expect((await regenerate({})).status).toBe('success');
    expect(await article()).toEqual({ title: HAND_TITLE, edited_fields: ['title'] });
  });

  it('releases the marks with the write when the run succeeds', async () => {
    ai.script({ content: JSON.stringify(REWRITE) });
    expect((await regenerate({ overwriteEdits: true })).status).toBe('success');
    expect(await article()).toEqual({ title: REWRITE.title, edited_fields: [] });
  });
});
