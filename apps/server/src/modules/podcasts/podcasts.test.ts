// Podcasts end to end: an article read aloud by espeak-ng into an MP3 checked with ffprobe, the
// same through an OpenAI-compatible speech endpoint served locally (parts joined without gaps),
// that endpoint failing (500, timeout) while the article stays published and the job is retried
// and then reported, missing tools said plainly, and the automatic podcast after an edit.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasFfmpeg, hasOfflineSpeech } from '../../../testing/system-tools.ts';
import { articles } from '@chapar/db';
import type { Config } from '../../config.ts';
import { createSpeech, DEFAULT_SPEECH_TOOLS, probeAudio } from '../../integrations/speech/index.ts';
import { createArticle } from '../../../testing/factories.ts';
import { allNamed, firstNamed, parseXml } from '../../../testing/xml-tree.ts';
import { FAKE_SPEECH_KEY, startFakeSpeechServer, type FakeSpeechServer } from '../../../testing/fake-speech-server.ts';
import { buildTestApp, loginAsAdmin } from '../../../testing/test-app.ts';
import { HealthChecker } from '../system/health.ts';
import { purgeSetAside } from '../media/store-media.ts';
import { ltr } from '@chapar/shared/text';

const ARTICLE = {
  title: 'نرخ تورم در مهر ۱۴۰۳ به ۳۲٪ رسید',
  content: '<p>بانک مرکزی روز ۱۵ مهر ۱۴۰۳ اعلام کرد نرخ تورم سالانه به ۳۲/۵ درصد رسیده است.</p>'
    + '<p>قیمت دلار در بازار آزاد ۵۸٬۵۰۰ تومان بود و بودجه ۲۵۰۰ میلیارد ریالی تصویب شد.</p>'
    + '<p>🆔 @akhbar_rooz</p><p>https://t.me/akhbar_rooz/101</p>',
};

async function podcastApp(config: Partial<Config> = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chapar-podcast-'));
  const t = await buildTestApp({ config: { worker: true, dataDir, jobRetryDelaySeconds: 1, ...config } });
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  const headers = { cookie, 'x-csrf-token': csrfToken };
  const row = async (id: number) => (await t.database.db.select().from(articles).where(eq(articles.id, id)))[0];
  const mediaFile = (url: string) => path.join(dataDir, 'media', url.replace(/^\/media\//, ''));
  return {
    ...t, headers, row, mediaFile,
    post: (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) }),
    close: async () => { await t.close(); await rm(dataDir, { recursive: true, force: true }); },
  };
}


async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('podcasts made offline with espeak-ng', () => {
  let t: Awaited<ReturnType<typeof podcastApp>>;
  beforeAll(async () => { t = await podcastApp({ podcastAuto: true }); });
  afterAll(async () => { await t.close(); });

  it.runIf(hasOfflineSpeech)('makes an MP3 of 16,000 Hz, one channel, whose measured duration is the stored one', async () => {
    const article = await createArticle(t.database, ARTICLE);
    const res = await t.post(`/api/admin/articles/${article.id}/podcast`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, status: 'success', message: 'پادکست خبر ساخته شد', result: { made: 1, failed: 0 } });
    const row = await t.row(article.id);
    expect(row.podcastUrl).toMatch(new RegExp(`^/media/podcasts/${article.id}-[0-9a-f]{16}\\.mp3$`));
    expect(row.podcastVoice).toBe('espeak-ng-fa');
    const file = await readFile(t.mediaFile(row.podcastUrl!));
    const info = await probeAudio(DEFAULT_SPEECH_TOOLS, file);
    expect(info).toMatchObject({ codec: 'mp3', sampleRate: 16000, channels: 1 });
    expect(Math.abs(info.duration - row.podcastDuration!)).toBeLessThanOrEqual(0.5);
    // The whole text was spoken (numbers as words take time): several seconds, not a blip.
    expect(row.podcastDuration).toBeGreaterThan(8);
    const served = await t.app.inject({ method: 'GET', url: row.podcastUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/audio\/mpeg/);
    expect(served.rawPayload.equals(file)).toBe(true);
    // Readers get the fields with the article.
    const api = (await t.app.inject({ method: 'GET', url: `/api/articles/${article.id}` })).json() as { podcastUrl: string; podcastDuration: number; podcastVoice: string };
    expect(api).toMatchObject({ podcastUrl: row.podcastUrl, podcastDuration: row.podcastDuration, podcastVoice: 'espeak-ng-fa' });
  });

  it.runIf(hasOfflineSpeech)('is the enclosure of its article in the RSS feed, with its size and duration, in valid XML', async () => {
    const article = await createArticle(t.database, { ...ARTICLE, title: 'خبر با پادکست در خوراک', imageUrl: '/media/cover.jpg', publishedAt: new Date(Date.now() + 60_000) });
    expect((await t.post(`/api/admin/articles/${article.id}/podcast`)).statusCode).toBe(200);
    const row = await t.row(article.id);
    const size = (await readFile(t.mediaFile(row.podcastUrl!))).length;
    expect(row.podcastBytes).toBe(size);
    const res = await t.app.inject({ method: 'GET', url: '/rss.xml' });
    expect(res.statusCode).toBe(200);
    const feed = parseXml(res.body);
    expect(feed.attrs['xmlns:itunes']).toBe('http://www.itunes.com/dtds/podcast-1.0.dtd');
    const item = allNamed(feed, 'item').find((i) => firstNamed(i, 'guid').text === `chapar-article-${article.id}`)!;
    const enclosures = allNamed(item, 'enclosure');
    expect(enclosures).toHaveLength(1);
    expect(enclosures[0].attrs).toEqual({ url: `${t.config.publicBaseUrl}${row.podcastUrl}`, length: String(size), type: 'audio/mpeg' });
    expect(firstNamed(item, 'itunes:duration').text).toBe(String(row.podcastDuration));
    expect(firstNamed(item, 'itunes:image').attrs.href).toBe(`${t.config.publicBaseUrl}/media/cover.jpg`);
    // The enclosure's address serves the MP3.
    const audio = await t.app.inject({ method: 'GET', url: new URL(enclosures[0].attrs.url).pathname });
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.length).toBe(size);
  });

  it.runIf(hasOfflineSpeech)('keeps a podcast that matches the text, and makes a new one after an edit, the old file served until the purge', async () => {
    const article = await createArticle(t.database, { title: 'خبر کوتاه برای پادکست', content: '<p>این متن کوتاه است.</p>' });
    expect((await t.post(`/api/admin/articles/${article.id}/podcast`)).statusCode).toBe(200);
    const first = await t.row(article.id);
    const again = await t.post('/api/admin/podcasts/recent', { latest: 1 });
    expect([200, 202]).toContain(again.statusCode);
    const operation = await waitFor(
      async () => (await t.app.inject({ method: 'GET', url: `/api/admin/operations/${again.json().operationId}`, headers: t.headers })).json(),
      (op) => op.status === 'success' || op.status === 'error',
    );
    expect(operation).toMatchObject({ status: 'success', progress: 100, results: { unchanged: 1, made: 0 } });
    expect((await t.row(article.id)).podcastUrl).toBe(first.podcastUrl);

    const edit = await t.app.inject({ method: 'PATCH', url: `/api/admin/articles/${article.id}`, headers: t.headers, payload: { content: '<p>این متن بلندتر است و دوباره خوانده می‌شود.</p>' } });
    expect(edit.statusCode).toBe(200);
    // The edit queued the podcast by itself (PODCAST_AUTO).
    const after = await waitFor(() => t.row(article.id), (r) => r.podcastUrl !== first.podcastUrl);
    expect(after.podcastUrl).not.toBe(first.podcastUrl);
    expect(after.podcastDuration).toBeGreaterThan(first.podcastDuration!);
    expect(after.status).toBe('published');
    // An app that read the feed before still plays the old episode's file…
    const old = await t.app.inject({ method: 'GET', url: new URL(first.podcastUrl!, 'http://x').pathname });
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.length).toBe(first.podcastBytes);
    // …until the daily purge, past the retention, removes it; the current one stays.
    expect(await purgeSetAside(t.app.ingest.media, new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await readFile(t.mediaFile(first.podcastUrl!)).then(() => 'kept', () => 'gone')).toBe('gone');
    expect(await readFile(t.mediaFile(after.podcastUrl!)).then(() => 'kept', () => 'gone')).toBe('kept');
  });

  it('refuses an unpublished or missing article, and bad bulk input, with Persian messages', async () => {
    const draft = await createArticle(t.database, { status: 'draft' });
    const res = await t.post(`/api/admin/articles/${draft.id}/podcast`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'conflict', message: 'پادکست فقط برای خبر منتشرشده ساخته می‌شود' });
    expect((await t.post('/api/admin/articles/999999/podcast')).statusCode).toBe(404);
    const bad = await t.post('/api/admin/podcasts/recent', { latest: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[\u0600-\u06FF]/);
    expect((await t.post('/api/admin/podcasts/recent', { latest: 5, extra: 1 })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/podcasts/recent', payload: {} })).statusCode).toBe(401);
  });

  it('says so when espeak-ng or ffmpeg is missing, without retrying and without touching the article', async () => {
    const article = await createArticle(t.database);
    const speech = t.app.ingest.speech;
    t.app.ingest.speech = createSpeech(t.config.speech, { ...DEFAULT_SPEECH_TOOLS, espeak: 'espeak-ng-not-installed' });
    try {
      const res = await t.post(`/api/admin/articles/${article.id}/podcast`);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toContain(`${ltr('espeak-ng-not-installed')} نصب نیست`);
      const row = await t.row(article.id);
      expect(row).toMatchObject({ status: 'published', podcastUrl: null });
    } finally {
      t.app.ingest.speech = speech;
    }
  });
});

describe('podcasts through an OpenAI-compatible speech endpoint', () => {
  let server: FakeSpeechServer;
  let t: Awaited<ReturnType<typeof podcastApp>>;
  // The fake endpoint makes each answer with ffmpeg, which a busy machine slows to seconds: the
  // answering tests wait as long as a real endpoint may take; only the hang test, on an app
  // of its own, gives up after 1.5 s.
  let impatient: Awaited<ReturnType<typeof podcastApp>>;
  const speech = (timeoutMs: number) => ({ speech: { baseUrl: server.baseUrl, apiKey: FAKE_SPEECH_KEY, model: 'tts-test', voice: 'nova', timeoutMs } });
  beforeAll(async () => {
    server = await startFakeSpeechServer();
    t = await podcastApp(speech(20_000));
    impatient = await podcastApp(speech(1500));
  });
  afterAll(async () => { await t.close(); await impatient.close(); await server.close(); });

  it.runIf(hasFfmpeg)('speaks a long text in parts and joins them without gaps into one MP3', async () => {
    server.mode = 'ok';
    server.requests.length = 0;
    const paragraphs = Array.from({ length: 30 }, (_, i) => `<p>بند شماره ${i + 1} از این گزارش بلند درباره بازار و اقتصاد کشور است که باید خوانده شود.</p>`);
    const article = await createArticle(t.database, { title: 'گزارش بلند', content: paragraphs.join('') });
    const res = await t.post(`/api/admin/articles/${article.id}/podcast`);
    expect(res.statusCode).toBe(200);
    expect(server.requests.length).toBeGreaterThan(1);
    expect(server.requests.every((r) => r.model === 'tts-test' && r.voice === 'nova' && r.input.length <= 1500)).toBe(true);
    expect(server.requests.map((r) => r.input).join(' ')).toContain('بند شماره سی از');
    const row = await t.row(article.id);
    expect(row.podcastVoice).toBe('nova');
    const info = await probeAudio(DEFAULT_SPEECH_TOOLS, await readFile(t.mediaFile(row.podcastUrl!)));
    expect(info).toMatchObject({ codec: 'mp3', sampleRate: 16000, channels: 1 });
    // Parts follow each other: the file lasts what the parts last together, nothing added.
    const expected = server.requests.reduce((sum, r) => sum + server.secondsFor(r.input), 0);
    expect(Math.abs(info.duration - expected)).toBeLessThan(0.3);
    expect(Math.abs(info.duration - row.podcastDuration!)).toBeLessThanOrEqual(0.5);
  });

  it.runIf(hasFfmpeg)('health names the speech endpoint, healthy while it speaks and down with its error when it fails', async () => {
    server.mode = 'ok';
    const healthy = (await new HealthChecker(t.app.ingest).services()).find((x) => x.id === 'speech')!;
    expect(healthy).toMatchObject({ service: 'سرویس گفتار (سرویس بیرونی)', status: 'healthy', error: null });
    server.mode = 'error500';
    const down = (await new HealthChecker(t.app.ingest).services()).find((x) => x.id === 'speech')!;
    expect(down.status).toBe('down');
    expect(down.error).toContain('سرویس گفتار خطای ۵۰۰ داد');
  });

  it.each([
    ['error500', 'سرویس گفتار خطای ۵۰۰ داد'],
    ['hang', 'سرویس گفتار در ۲ ثانیه پاسخ نداد'],
  ] as const)('an endpoint that fails (%s) leaves the article published; the job is retried, then reported', async (mode, message) => {
    const app = mode === 'hang' ? impatient : t;
    server.mode = mode;
    server.requests.length = 0;
    const article = await createArticle(app.database, { title: 'خبری که پادکستش نمی‌شود', content: '<p>متن کوتاه.</p>' });
    const res = await app.post(`/api/admin/articles/${article.id}/podcast`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: false, status: 'error', result: { failed: 1, made: 0 } });
    expect(body.detailedReport.processed[0]).toMatchObject({ status: 'error', articleId: article.id, fileType: 'audio' });
    expect(body.detailedReport.processed[0].reason).toContain(message);
    // One attempt and two retries, each of which asked the endpoint.
    expect(server.requests.length).toBe(3);
    const operation = (await app.app.inject({ method: 'GET', url: `/api/admin/operations/${body.operationId}`, headers: app.headers })).json();
    expect(operation.status).toBe('error');
    expect(operation.logs.join('\n')).toMatch(/تلاش دوباره \(۲ از ۳\)/);
    const row = await app.row(article.id);
    expect(row).toMatchObject({ status: 'published', podcastUrl: null, podcastDuration: null });
    expect((await app.app.inject({ method: 'GET', url: `/api/articles/${article.id}` })).statusCode).toBe(200);
  }, 40_000);
});
