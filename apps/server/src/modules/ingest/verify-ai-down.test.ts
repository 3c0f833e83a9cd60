// A confirmed «بررسی مقالات با منبع» rewrites an article whose post was edited at its source with
// the configured AI, or not at all: while the AI fails, the article stays as it was (never the
// offline rewriter's text over it), the item is "not checked" with why, and the run's answer does
// not call it fixed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationResponse } from '@chapar/shared/contracts';
import type { FakeOpenAiServer } from '../../../testing/fake-openai-server.ts';
import type { IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { POST_102_REWRITE as REWRITE, buildAiArticleApp, type AiArticleApp } from '../../../testing/ai-article-app.ts';

let app: AiArticleApp;
let ai: FakeOpenAiServer;
let t: IngestTestApp;
let id: number;

type Answer = OperationResponse & {
  result: { total: number; updated: number; notChecked: number };
  detailedReport: { processed: Array<{ status: string; outcome: string; articleId: number; reason: string }> };
};

const article = async () => (await t.database.raw.query<{ title: string; excerpt: string; content: string; updated_at: Date }>(
  'select title, excerpt, content, updated_at from articles where id = $1', [id])).rows[0];

beforeAll(async () => {
  ({ ai, t, id } = app = await buildAiArticleApp());
});
afterAll(async () => { await app?.close(); });

describe('check-articles while the AI fails', () => {
  it('leaves an article whose post was edited as it was, and says it was not checked', async () => {
    t.server.edit(102, 'خرید و فروش کردند', 'معامله کردند');
    const before = await article();
    expect(before.title).toBe(REWRITE.title);
    ai.script({ status: 500, body: { error: { message: 'internal error' } } });

    const res = await t.confirmed('/api/admin/check-articles');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Answer;
    expect(body.message).not.toContain('اصلاح شد');
    expect(body.message).toMatch(/^مقاله بررسی نشد: بازنویسی با هوش مصنوعی انجام نشد/);
    expect(body.result).toMatchObject({ total: 1, updated: 0, notChecked: 1 });
    expect(body.detailedReport.processed).toEqual([expect.objectContaining({
      articleId: id, status: 'skipped', outcome: 'not_checked',
      reason: 'بازنویسی با هوش مصنوعی انجام نشد: سرویس هوش مصنوعی در دسترس نبود؛ مقاله تغییری نکرد؛ ویرایش پست را «بازسازی کامل از کانال» در صفحهٔ مقاله بعداً می‌آورد',
    })]);
    // The AI was asked, and nothing the offline rewriter wrote replaced the article.
    expect(ai.requests.length).toBeGreaterThan(0);
    expect(await article()).toEqual(before);
    // The post is released as a declined edit is: not 'new' or 'failed', which a channel check would rewrite unasked.
    const { rows: [post] } = await t.database.raw.query<{ state: string }>('select state from telegram_posts where telegram_id = 102');
    expect(post.state).toBe('published');
  });

  it('leaves the edit for a regenerate once the AI answers again', async () => {
    const edited = { ...REWRITE, content: REWRITE.content.replace('معامله کردند', 'داد و ستد کردند') };
    ai.script({ content: JSON.stringify(edited) });
    const res = await t.post(`/api/admin/regenerate-article/${id}`, {});
    expect(res.statusCode, res.body).toBe(200);
    // The AI was given the edited post.
    expect(JSON.stringify(ai.requests[0].body)).toContain('تومان معامله کردند که');
    expect((await article()).content).toBe(edited.content);
  });
});
