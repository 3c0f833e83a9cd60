// regenerate-article is an admin asking for the AI: when the AI fails (no answer, a refused key,
// an answer that cannot be used), the article keeps its AI-written text, the answer is a 503 that
// says so in Persian, and the post is not left 'failed' for a channel check to redo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeOpenAiServer, FakeReply } from '../../../testing/fake-openai-server.ts';
import type { IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { POST_102_REWRITE as REWRITE, buildAiArticleApp, type AiArticleApp } from '../../../testing/ai-article-app.ts';
import { OFFLINE_NOTE } from '../ingest/repair.ts';

let app: AiArticleApp;
let ai: FakeOpenAiServer;
let t: IngestTestApp;
let id: number;

interface Row { title: string; excerpt: string; content: string; category: string; meta_description: string | null; edited_fields: string[]; updated_at: Date }
const article = async () => (await t.database.raw.query<Row>(
  'select title, excerpt, content, category, meta_description, edited_fields, updated_at from articles where id = $1', [id])).rows[0];
const post = async () => (await t.database.raw.query<{ state: string; last_error: string | null }>(
  'select state, last_error from telegram_posts where telegram_id = 102')).rows[0];
const versions = async () => (await t.database.raw.query<{ n: number }>('select count(*)::int as n from article_versions where article_id = $1', [id])).rows[0].n;
const regenerate = (payload?: object) => t.post(`/api/admin/regenerate-article/${id}`, payload);

beforeAll(async () => {
  ({ ai, t, id } = app = await buildAiArticleApp());
});
afterAll(async () => { await app?.close(); });

describe('regenerate-article while the AI fails', () => {
  it.each<[string, FakeReply, string, number]>([
    ['answers 500', { status: 500, body: { error: { message: 'internal error' } } }, 'سرویس هوش مصنوعی در دسترس نبود', 3],
    ['refuses the key', { status: 401, body: { error: { message: 'bad key' } } }, 'سرویس هوش مصنوعی کلید را نپذیرفت', 1],
    ['answers garbage', { content: 'this is not JSON {' }, 'پاسخ هوش مصنوعی شکل درستی نداشت', 3],
    ['drops the numbers', { content: JSON.stringify({ ...REWRITE, title: 'دلار گران شد', excerpt: 'دلار گران شد.', content: '<p>دلار در بازار تهران گران شد.</p>' }) }, 'هوش مصنوعی عددهای پست را جا انداخت', 3],
  ])('keeps the article as it was and answers 503 when the AI %s', async (_, reply, why, asked) => {
    const before = await article();
    const postBefore = await post();
    const kept = await versions();
    ai.script(reply);
    const res = await regenerate();
    expect(res.statusCode, res.body).toBe(503);
    const body = res.json() as { error: string; message: string };
    expect(body.error).toBe('unavailable');
    expect(body.message).toBe(`بازنویسی با هوش مصنوعی انجام نشد: ${why}؛ مقاله تغییری نکرد`);
    expect(body.message).not.toContain('بازنویس آفلاین');
    // The AI was asked (with its own retries), and nothing it or the offline rewriter wrote was kept.
    expect(ai.requests.length).toBeGreaterThanOrEqual(asked);
    expect(await article()).toEqual(before);
    expect((await article()).title).toBe(REWRITE.title);
    // The post is as it was: published, not 'failed' for the next channel check to redo.
    expect(await post()).toEqual(postBefore);
    expect(postBefore.state).toBe('published');
    expect(await versions()).toBe(kept);
  });

  it('keeps the edit marks when the run that was to overwrite them fails', async () => {
    await t.database.raw.query(`update articles set edited_fields = '{title}' where id = $1`, [id]);
    const before = await article();
    ai.script({ status: 500 });
    const res = await regenerate({ overwriteEdits: true });
    expect(res.statusCode, res.body).toBe(503);
    expect(await article()).toEqual(before);
    expect(before.edited_fields).toEqual(['title']);
    await t.database.raw.query(`update articles set edited_fields = '{}' where id = $1`, [id]);
  });

  it('regenerates with the AI once it answers again', async () => {
    await t.database.raw.query("update articles set title = 'عنوان دستکاری‌شده برای آزمون' where id = $1", [id]);
    ai.script({ content: JSON.stringify(REWRITE) });
    const res = await regenerate();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { success: boolean; message: string };
    expect(body.success).toBe(true);
    expect(body.message).not.toContain(OFFLINE_NOTE);
    expect((await article()).title).toBe(REWRITE.title);
    expect(await post()).toMatchObject({ state: 'published', last_error: null });
  });
});
