// The text an article's podcast reads, in the admin: shown, corrected by an editor, used by the
// next podcast (spoken by a local OpenAI-compatible speech server that records what it hears),
// kept across edits of the article, and removed to go back to the article's own text.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasFfmpeg } from '../../../testing/system-tools.ts';
import { articles } from '@chapar/db';
import type { SpeechTextResponse } from '@chapar/shared/contracts';
import { articleSpeechText } from '@chapar/shared/text';
import { createArticle } from '../../../testing/factories.ts';
import { FAKE_SPEECH_KEY, startFakeSpeechServer, type FakeSpeechServer } from '../../../testing/fake-speech-server.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';

const ARTICLE = {
  title: 'نشست سران G7 در ژاپن برگزار شد',
  content: '<p>سران گروه G7 روز ۱۵ مهر ۱۴۰۳ در توکیو دیدار کردند.</p><p>بیانیه پایانی بر همکاری اقتصادی تأکید داشت.</p><p>🆔 @akhbar_rooz</p>',
};

let t: TestApp;
let server: FakeSpeechServer;
let dataDir: string;
let headers: Record<string, string>;

beforeAll(async () => {
  server = await startFakeSpeechServer();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'chapar-speech-text-'));
  t = await buildTestApp({ config: { worker: true, dataDir, speech: { baseUrl: server.baseUrl, apiKey: FAKE_SPEECH_KEY, model: 'tts-test', voice: 'nova', timeoutMs: 20_000 } } });
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  headers = { cookie, 'x-csrf-token': csrfToken };
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const url = (id: number) => `/api/admin/articles/${id}/speech-text`;
const read = async (id: number) => (await t.app.inject({ method: 'GET', url: url(id), headers })).json() as SpeechTextResponse;
const put = (id: number, payload: unknown, h = headers) => t.app.inject({ method: 'PUT', url: url(id), headers: h, payload: payload as object });
const makePodcast = async (id: number) => {
  server.requests.length = 0;
  const res = await t.app.inject({ method: 'POST', url: `/api/admin/articles/${id}/podcast`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return server.requests.map((r) => r.input).join(' ');
};

describe('the speech text in the admin', () => {
  it('shows the whole text the podcast reads, made from the article, all in Persian', async () => {
    const article = await createArticle(t.database, ARTICLE);
    const view = await read(article.id);
    expect(view).toMatchObject({ articleId: article.id, corrected: false, stale: false, updatedBy: null, podcastUrl: null, podcastCurrent: false });
    expect(view.text).toBe(articleSpeechText({ ...ARTICLE, category: article.category }));
    expect(view.text.split('\n')).toEqual([
      'نشست سران جی هفت در ژاپن برگزار شد.',
      'سران گروه جی هفت روز پانزدهم مهر هزار و چهارصد و سه در توکیو دیدار کردند.',
      'بیانیه پایانی بر همکاری اقتصادی تأکید داشت.',
    ]);
    expect(view.madeText).toBe(view.text);
  });

  it.runIf(hasFfmpeg)('saves an editor\'s correction, made speakable, and the next podcast reads it', async () => {
    const article = await createArticle(t.database, ARTICLE);
    const before = await makePodcast(article.id);
    expect(before).toContain('سران گروه جی هفت');
    expect((await read(article.id)).podcastCurrent).toBe(true);

    const res = await put(article.id, { text: '  نشست سران گروه هفت در ژاپن.\nسران G7 در توکیو دیدار کردند.  ' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as SpeechTextResponse;
    expect(saved).toMatchObject({ corrected: true, stale: false, updatedBy: 'admin', podcastCurrent: false });
    expect(saved.text).toBe('نشست سران گروه هفت در ژاپن.\nسران جی هفت در توکیو دیدار کردند.');
    expect(saved.madeText).not.toBe(saved.text);

    const spoken = await makePodcast(article.id);
    expect(spoken).toBe('نشست سران گروه هفت در ژاپن. سران جی هفت در توکیو دیدار کردند.');
    expect((await read(article.id)).podcastCurrent).toBe(true);
  });

  it.runIf(hasFfmpeg)('keeps the correction when the article changes, says so, and drops it on request', async () => {
    const article = await createArticle(t.database, ARTICLE);
    expect((await put(article.id, { text: 'متن اصلاح‌شده برای شنیدن.' })).statusCode).toBe(200);
    await t.database.db.update(articles).set({ content: '<p>متن تازه خبر پس از ویرایش.</p>' }).where(eq(articles.id, article.id));
    const changed = await read(article.id);
    expect(changed).toMatchObject({ text: 'متن اصلاح‌شده برای شنیدن.', corrected: true, stale: true });
    expect(await makePodcast(article.id)).toBe('متن اصلاح‌شده برای شنیدن.');

    const res = await t.app.inject({ method: 'DELETE', url: url(article.id), headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ corrected: false, stale: false, text: 'نشست سران جی هفت در ژاپن برگزار شد.\nمتن تازه خبر پس از ویرایش.' });
    expect(await makePodcast(article.id)).toBe('نشست سران جی هفت در ژاپن برگزار شد. متن تازه خبر پس از ویرایش.');
  });

  it('refuses bad input in Persian and changes nothing', async () => {
    const article = await createArticle(t.database, ARTICLE);
    for (const payload of [{ text: '   ' }, { text: 12 }, {}, { text: 'متن', extra: true }, { text: 'ا'.repeat(50_001) }]) {
      const res = await put(article.id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(/[\u0600-\u06ff]/);
    }
    expect((await read(article.id)).corrected).toBe(false);
    // Text that shows nothing is empty, whatever its characters.
    for (const text of ['\u200b\u200b', '\u202e\u2066', '\u200c\u200f', '\ufeff\n\u2060']) {
      const res = await put(article.id, { text });
      expect(res.statusCode, JSON.stringify(text)).toBe(400);
      expect(res.json()).toEqual({ error: 'validation_error', message: 'متن خواندنی خالی است' });
    }
    expect((await read(article.id)).corrected).toBe(false);
    const missing = await put(999_999, { text: 'متن' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'خبر یافت نشد' });
    expect((await t.app.inject({ method: 'GET', url: url(999_999), headers })).statusCode).toBe(404);
  });

  it('is for a signed-in admin only, and a write needs the session\'s CSRF token', async () => {
    const article = await createArticle(t.database, ARTICLE);
    expect((await t.app.inject({ method: 'GET', url: url(article.id) })).statusCode).toBe(401);
    expect((await put(article.id, { text: 'متن' }, { cookie: headers.cookie })).statusCode).toBe(403);
    expect((await read(article.id)).corrected).toBe(false);
  });
});
