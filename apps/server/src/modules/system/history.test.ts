// The system monitor's last hour (charts) and its manual refresh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAiServer, type RecordedRequest } from '../../../testing/fake-openai-server.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { HISTORY_WINDOW_MS, SystemHistoryLog } from './history.ts';

function rightAnswer(body: RecordedRequest['body']): string {
  const question = body.messages?.at(-1)?.content ?? '';
  const [, a, b] = /Add (\d+) and (\d+)/.exec(question) ?? [];
  const [, token] = /"echo": "([0-9a-f]+)"/.exec(question) ?? [];
  return JSON.stringify({ sum: Number(a) + Number(b), echo: token });
}

describe('SystemHistoryLog', () => {
  it('keeps one hour, oldest first, and merges samples closer than a few seconds', () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const log = new SystemHistoryLog(() => now);
    const q = (pending: number) => ({ pending, processing: 0, completed: 0, failed: 0 });
    log.recordQueue(q(1));
    now += 2_000;
    log.recordQueue(q(2)); // merged with the one before
    now += 60_000;
    log.recordQueue(q(3));
    log.recordServices([{ id: 'database', service: 'پایگاه داده', status: 'healthy', error: null, responseTime: 4, lastChecked: '' }]);
    expect(log.snapshot().queue.map((s) => s.pending)).toEqual([2, 3]);
    expect(log.snapshot()).toMatchObject({ windowMinutes: 60, responseTimes: [{ times: { database: 4 } }], services: { database: 'پایگاه داده' } });
    now += HISTORY_WINDOW_MS - 30_000;
    log.recordQueue(q(4));
    expect(log.snapshot().queue.map((s) => s.pending)).toEqual([3, 4]);
    now += 60_000;
    expect(log.snapshot().queue.map((s) => s.pending)).toEqual([4]);
    expect(log.snapshot().responseTimes).toEqual([]);
  });
});

describe('GET /api/admin/system/history and ?refresh=true', () => {
  let ai: FakeOpenAiServer;
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ai = await startFakeOpenAi();
    t = await buildTestApp({ config: { ai: { baseUrl: ai.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 3_000 } } });
    headers = { cookie: (await loginAsAdmin(t.app)).cookie };
  });
  afterAll(async () => {
    await t?.close();
    await ai?.close();
  });
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('records what the page read: queue counts and each service\'s response time', async () => {
    ai.script({ respond: rightAnswer });
    await get('/api/admin/system/queue-status');
    await get('/api/admin/system/health');
    const history = await get('/api/admin/system/history');
    expect(history.queue).toHaveLength(1);
    expect(history.queue[0]).toMatchObject({ pending: expect.any(Number), failed: expect.any(Number) });
    expect(history.responseTimes).toHaveLength(1);
    expect(Object.keys(history.responseTimes[0].times)).toEqual(expect.arrayContaining(['database', 'ai', 'speech', 'storage']));
    expect(history.services.database).toBe('پایگاه داده');
  });

  it('answers from kept results, but a manual refresh asks again: a stopped AI server turns the service down', async () => {
    const ai2 = await startFakeOpenAi();
    ai2.script({ respond: rightAnswer });
    const t2 = await buildTestApp({ config: { ai: { baseUrl: ai2.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 3_000 } } });
    const h = { cookie: (await loginAsAdmin(t2.app)).cookie };
    const aiOf = async (url: string) => ((await t2.app.inject({ method: 'GET', url, headers: h })).json().services as Array<{ id: string; status: string; error: string | null }>).find((s) => s.id === 'ai')!;
    try {
      expect((await aiOf('/api/admin/system/health')).status).toBe('healthy');
      await ai2.close();
      expect((await aiOf('/api/admin/system/health')).status).toBe('healthy'); // kept for a few minutes
      const refreshed = await aiOf('/api/admin/system/health?refresh=true');
      expect(refreshed.status).toBe('down');
      expect(refreshed.error).toBeTruthy();
    } finally {
      await t2.close();
    }
  });

  it('refuses a malformed refresh with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/system/health?refresh=maybe', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/system/history' })).statusCode).toBe(401);
  });
});
