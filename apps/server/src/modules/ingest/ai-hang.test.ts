// An AI endpoint that accepts requests and never answers: a post an admin asks for is still
// written (by the offline rewriter) after the AI's own deadline and bounded retries, and the
// health page shows the AI down within its deadline without holding the next poll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../testing/fake-openai-server.ts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';

const AI_TIMEOUT_MS = 400;
const HEALTH_TIMEOUT_MS = 1_000;

let ai: FakeOpenAiServer;
let t: IngestTestApp;

beforeAll(async () => {
  ai = await startFakeOpenAi();
  ai.script({ hang: true });
  t = await buildIngestTestApp({ ai: { baseUrl: ai.baseUrl, apiKey: 'test-key', model: 'test-model', timeoutMs: AI_TIMEOUT_MS }, healthCheckTimeoutMs: HEALTH_TIMEOUT_MS });
});
afterAll(async () => {
  await t?.close();
  await ai?.close();
});

describe('an AI endpoint that hangs', () => {
  it('process-post answers within the AI deadline and its retries, the article written offline', async () => {
    const started = performance.now();
    const res = await t.post('/api/admin/process-post', { postId: 101, extractImages: false });
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, result: { created: 1, aiFallbacks: 1 } });
    // Three attempts of 0.4 s with 1 s and 2 s between them, and the job's own round trip: bounded,
    // where a hang without a deadline would hold the admin until the operation's 120 s wait ran out.
    expect(ai.requests).toHaveLength(3);
    expect(ms).toBeLessThan(10_000);
    const { rows: [post] } = await t.database.raw.query<{ last_error: string }>('select last_error from telegram_posts where telegram_id = 101');
    expect(post.last_error).toMatch(/^بازنویسی با هوش مصنوعی ناموفق بود \(سرویس هوش مصنوعی در زمان مقرر پاسخ نداد\)/);
  });

  it('the health page shows the AI down within its own deadline, and the next poll is not held', async () => {
    for (const url of ['/api/admin/system/health?refresh=true', '/api/admin/system/health']) {
      const started = performance.now();
      const res = await t.get(url);
      const ms = performance.now() - started;
      expect(res.statusCode).toBe(200);
      const aiService = (res.json() as { services: Array<{ id: string; status: string; error: string }> }).services.find((s) => s.id === 'ai')!;
      expect(aiService.status).toBe('down');
      expect(aiService.error).toMatch(/پاسخ نداد/);
      expect(ms).toBeLessThan(HEALTH_TIMEOUT_MS + 1_000);
    }
  });
});
