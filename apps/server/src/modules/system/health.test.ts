// The health page says a service is healthy only when it can do its job: the AI endpoint
// must give a checked structured answer (asked at most every few minutes), the speech tools
// must speak Persian and encode MP3.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasOfflineSpeech } from '../../../testing/system-tools.ts';
import { startFakeOpenAi, type FakeOpenAiServer, type RecordedRequest } from '../../../testing/fake-openai-server.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { AI_HEALTHY_TTL_MS, HealthChecker } from './health.ts';
import { checkSpeech } from './speech-health.ts';
import { ltr } from '@chapar/shared/text';

let ai: FakeOpenAiServer;
let t: TestApp;
let headers: Record<string, string>;

interface Health { overall: string; services: Array<{ id: string; status: string; error: string | null }> }

/** Answers the probe's question the way a working model does. */
function rightAnswer(body: RecordedRequest['body']): string {
  const question = body.messages?.at(-1)?.content ?? '';
  const [, a, b] = /Add (\d+) and (\d+)/.exec(question) ?? [];
  const [, token] = /"echo": "([0-9a-f]+)"/.exec(question) ?? [];
  return JSON.stringify({ sum: Number(a) + Number(b), echo: token });
}

const health = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/system/health', headers });
  expect(res.statusCode).toBe(200);
  return res.json() as Health;
};
const service = (h: Health, id: string) => h.services.find((s) => s.id === id)!;

beforeAll(async () => {
  ai = await startFakeOpenAi();
  t = await buildTestApp({ config: { ai: { baseUrl: ai.baseUrl, apiKey: 'test-key', model: 'test-model', timeoutMs: 5_000 } } });
  const { cookie } = await loginAsAdmin(t.app);
  headers = { cookie };
});
afterAll(async () => {
  await t?.close();
  await ai?.close();
});

describe('the AI service on the health page', () => {
  // Each test asks a checker of its own, so no answer is carried over from the one before.
  let checker: HealthChecker;
  beforeEach(() => { checker = new HealthChecker(t.app.ingest); });
  const aiHealth = async () => (await checker.services()).find((s) => s.id === 'ai')!;

  it('is down when the endpoint answers garbage', async () => {
    ai.script({ content: 'Sure! Here is your answer: forty-two' });
    const result = await aiHealth();
    expect(result.status).toBe('down');
    expect(result.error).toContain('پاسخ مدل پذیرفتنی نبود');
    // One structured request, asked for JSON, no retries.
    expect(ai.requests).toHaveLength(1);
    expect(ai.requests[0].body).toMatchObject({ model: 'test-model', response_format: { type: 'json_object' } });
  });

  it('is down when the JSON is well formed but wrong', async () => {
    ai.script({ content: JSON.stringify({ sum: 1, echo: 'nope' }) });
    expect((await aiHealth()).status).toBe('down');
  });

  it('is down, with the reason, when the endpoint answers 500 or refuses the key', async () => {
    ai.script({ status: 500 });
    expect(await aiHealth()).toMatchObject({ status: 'down', error: expect.stringContaining('500') });
    checker = new HealthChecker(t.app.ingest);
    ai.script({ status: 401 });
    expect(await aiHealth()).toMatchObject({ status: 'down', error: expect.stringContaining('کلید API را نپذیرفت') });
  });

  it('is healthy when the endpoint gives the right JSON answer', async () => {
    ai.script({ respond: rightAnswer });
    expect(await aiHealth()).toMatchObject({ status: 'healthy', error: null });
  });

  it('keeps a healthy answer for a few minutes: two health calls, one request', async () => {
    ai.script({ respond: rightAnswer });
    expect(service(await health(), 'ai').status).toBe('healthy');
    expect(service(await health(), 'ai').status).toBe('healthy');
    expect(ai.requests).toHaveLength(1);
    // Calls at the same moment share the one request too.
    const fresh = new HealthChecker(t.app.ingest);
    await Promise.all([fresh.services(), fresh.services()]);
    expect(ai.requests).toHaveLength(2);
  });

  it('asks again once the few minutes have passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      ai.script({ respond: rightAnswer });
      await aiHealth();
      await aiHealth();
      expect(ai.requests).toHaveLength(1);
      vi.setSystemTime(Date.now() + AI_HEALTHY_TTL_MS + 1000);
      ai.script({ content: 'garbage' });
      expect((await aiHealth()).status).toBe('down');
      expect(ai.requests).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.runIf(hasOfflineSpeech)('the speech service on the health page', () => {
  it('is healthy when espeak-ng speaks Persian and ffmpeg encodes MP3', async () => {
    expect(await checkSpeech()).toEqual({ status: 'healthy' });
    expect(service(await health(), 'speech')).toMatchObject({ status: 'healthy', error: null });
  });

  it('is down, with the reason, when a tool is missing', async () => {
    expect(await checkSpeech({ espeak: 'espeak-ng-not-installed', ffmpeg: 'ffmpeg' }))
      .toEqual({ status: 'down', error: `${ltr('espeak-ng-not-installed')} نصب نیست؛ پادکست ساخته نمی‌شود` });
    expect(await checkSpeech({ espeak: 'espeak-ng', ffmpeg: 'ffmpeg-not-installed' }))
      .toEqual({ status: 'down', error: `${ltr('ffmpeg-not-installed')} نصب نیست؛ فایل صوتی پادکست ساخته نمی‌شود و ویدیوها بدون واترمارک ذخیره می‌شوند` });
    // Both missing: both named at once, not one after the other is installed.
    expect(await checkSpeech({ espeak: 'espeak-ng-not-installed', ffmpeg: 'ffmpeg-not-installed' })).toEqual({
      status: 'down',
      error: `${ltr('espeak-ng-not-installed')} نصب نیست؛ پادکست ساخته نمی‌شود — ${ltr('ffmpeg-not-installed')} نصب نیست؛ فایل صوتی پادکست ساخته نمی‌شود و ویدیوها بدون واترمارک ذخیره می‌شوند`,
    });
    const checker = new HealthChecker(t.app.ingest, { espeak: 'espeak-ng-not-installed', ffmpeg: 'ffmpeg' });
    const speech = (await checker.services()).find((s) => s.id === 'speech')!;
    expect(speech).toMatchObject({ status: 'down', error: `${ltr('espeak-ng-not-installed')} نصب نیست؛ پادکست ساخته نمی‌شود` });
  });

  it('is down when the tool runs but cannot do the job', async () => {
    // `false` runs and fails, as espeak-ng does without its Persian voice.
    const result = await checkSpeech({ espeak: 'false', ffmpeg: 'ffmpeg' });
    expect(result.status).toBe('down');
    expect(result.status === 'down' && result.error).toContain(`${ltr('false')} با صدای فارسی کار نکرد`);
  });
});

describe('the mail service on the health page', () => {
  it('names the settings it lacks isolated, so the Persian line does not mirror them', async () => {
    const s = t.app.ingest;
    const checker = new HealthChecker({ ...s, mailer: null, config: { ...s.config, mail: { ...s.config.mail, url: undefined, from: undefined } } });
    const mail = (await checker.services()).find((x) => x.id === 'mail')!;
    expect(mail.error).toBe(`تنظیم نشده (${ltr('SMTP_URL')} و ${ltr('MAIL_FROM')})؛ خبرنامه و ایمیل‌های تأیید فرستاده نمی‌شوند`);
  });
});

describe('a service that never answers', () => {
  it('is down for not answering within the check\'s deadline, and the next report asks again rather than wait on it', async () => {
    let probes = 0;
    const s = t.app.ingest;
    // A probe that ignores its abort signal: only the check's own deadline can end the wait.
    const stuck = { ...s, config: { ...s.config, healthCheckTimeoutMs: 300 }, storage: { ...s.storage, probe: () => { probes++; return new Promise<void>(() => undefined); } } };
    const checker = new HealthChecker(stuck);
    for (const round of [1, 2]) {
      const started = performance.now();
      const storage = (await checker.services()).find((x) => x.id === 'storage')!;
      expect(storage).toMatchObject({ status: 'down', error: 'در ۰٫۳ ثانیه پاسخ نداد' });
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(probes).toBe(round);
    }
  });
});
