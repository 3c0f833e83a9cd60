import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../testing/fake-openai-server.ts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';

let ai: FakeOpenAiServer;
let t: IngestTestApp;

// What a model might answer for post 102: every number of the post kept.
const REWRITE = {
  title: 'دلار در بازار آزاد تهران ۱۰۲٬۳۰۰ تومان معامله شد',
  excerpt: 'قیمت دلار با ۱.۵ درصد افزایش به ۱۰۲ هزار و ۳۰۰ تومان رسید.',
  content: '<p>معامله‌گران بازار ارز تهران امروز هر دلار را ۱۰۲ هزار و ۳۰۰ تومان معامله کردند؛ ۱.۵ درصد بیشتر از دیروز.</p><script>alert(1)</script><p>هر یورو ۱۱۸٬۹۰۰ تومان قیمت خورد.</p>',
  category: 'Economy',
  keywords: ['دلار', 'یورو'],
  metaDescription: 'قیمت دلار و یورو در بازار آزاد تهران',
};

beforeAll(async () => {
  ai = await startFakeOpenAi();
  t = await buildIngestTestApp({ ai: { baseUrl: ai.baseUrl, apiKey: 'test-key', model: 'test-model', timeoutMs: 5_000 } });
});
afterAll(async () => {
  await t?.close();
  await ai?.close();
});

const article = async (telegramId: number) =>
  (await t.database.raw.query<{ title: string; content: string; keywords: string; meta_description: string }>('select * from articles where telegram_id = $1', [telegramId])).rows[0];

describe('the pipeline with an AI endpoint', () => {
  it('publishes the model\'s checked rewrite, asked with the cleaned post', async () => {
    ai.script({ content: JSON.stringify(REWRITE) });
    const res = await t.post('/api/admin/process-post', { postId: 102 });
    expect(res.json()).toMatchObject({ success: true });
    const row = await article(102);
    expect(row.title).toBe(REWRITE.title);
    expect(row.content).not.toContain('script');
    expect(row.content).toContain('۱۱۸٬۹۰۰ تومان');
    // Hashtags first, then the model's keywords.
    expect(row.keywords).toBe('دلار,بازار ارز,یورو');
    expect(ai.requests).toHaveLength(1);
    expect(ai.requests[0].body.model).toBe('test-model');
    const sent = (ai.requests[0].body.messages?.[1].content ?? '').split('<<<')[1];
    expect(sent).toContain('۱۱۸٬۹۰۰ تومان');
    expect(sent).not.toMatch(/@akhbar_rooz|🆔/);
  });

  it('falls back to the offline rewriter when the endpoint refuses the key', async () => {
    ai.script({ status: 401, body: { error: { message: 'bad key' } } });
    const res = await t.post('/api/admin/process-post', { postId: 116 });
    const body = res.json() as { success: boolean; detailedReport: { processed: Array<{ fileType: string; reason: string }> } };
    expect(body.success).toBe(true);
    expect(body.detailedReport.processed.some((r) => r.fileType === 'article' && r.reason === 'بازنویسی با هوش مصنوعی ناموفق بود (سرویس هوش مصنوعی کلید را نپذیرفت)؛ بازنویس آفلاین مقاله را نوشت')).toBe(true);
    expect((await article(116)).title).toBe('تیم ملی فوتبال ایران با برتری ۲ بر ۱ مقابل ژاپن به فینال جام ملت‌های آسیا رسید');
  });

  it('regenerates one field for the edit dialog', async () => {
    ai.script({ content: JSON.stringify({ value: 'خلاصه تازه‌ای از خبر بازار ارز' }) });
    const res = await t.post('/api/admin/ai-regenerate', { field: 'excerpt', content: '<p>متن خبر درباره بازار ارز.</p>' });
    expect(res.json()).toEqual({ regeneratedContent: 'خلاصه تازه‌ای از خبر بازار ارز' });
  });

  it('shows the AI service as working on the health page once it answers the check right', async () => {
    ai.script({
      respond: (body) => {
        const question = body.messages?.at(-1)?.content ?? '';
        const [, a, b] = /Add (\d+) and (\d+)/.exec(question) ?? [];
        const [, echo] = /"echo": "([0-9a-f]+)"/.exec(question) ?? [];
        return JSON.stringify({ sum: Number(a) + Number(b), echo });
      },
    });
    const health = (await t.get('/api/admin/system/health')).json() as { services: Array<{ id: string; status: string }> };
    expect(health.services.find((s) => s.id === 'ai')?.status).toBe('healthy');
    expect(ai.requests).toHaveLength(1);
  });
});
