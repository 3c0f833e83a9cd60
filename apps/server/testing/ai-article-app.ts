// An ingest test app whose rewriter is a local fake of the AI's API, with fixture post 102 (the
// dollar's price in Tehran) already made into an article by it: for tests of what a failing AI
// may and may not do to an article it wrote.
import type { Config } from '../src/config.ts';
import { startFakeOpenAi, type FakeOpenAiServer } from './fake-openai-server.ts';
import { buildIngestTestApp, type IngestTestApp } from './ingest-test-app.ts';

/** What a model might answer for post 102: every number of the post kept. */
export const POST_102_REWRITE = {
  title: 'دلار در بازار آزاد تهران ۱۰۲٬۳۰۰ تومان معامله شد',
  excerpt: 'قیمت دلار با ۱.۵ درصد افزایش به ۱۰۲ هزار و ۳۰۰ تومان رسید.',
  content: '<p>معامله‌گران بازار ارز تهران امروز هر دلار را ۱۰۲ هزار و ۳۰۰ تومان معامله کردند؛ ۱.۵ درصد بیشتر از دیروز.</p><p>هر یورو ۱۱۸٬۹۰۰ تومان قیمت خورد.</p>',
  category: 'Economy',
  keywords: ['دلار', 'یورو'],
  metaDescription: 'قیمت دلار و یورو در بازار آزاد تهران',
};

export interface AiArticleApp { ai: FakeOpenAiServer; t: IngestTestApp; id: number; close(): Promise<void> }

export async function buildAiArticleApp(opts: { aiTimeoutMs?: number; overrides?: Partial<Config> } = {}): Promise<AiArticleApp> {
  const ai = await startFakeOpenAi();
  const t = await buildIngestTestApp({ ...opts.overrides, ai: { baseUrl: ai.baseUrl, apiKey: 'test-key', model: 'test-model', timeoutMs: opts.aiTimeoutMs ?? 5_000 } });
  ai.script({ content: JSON.stringify(POST_102_REWRITE) });
  const res = await t.post('/api/admin/process-post', { postId: 102 });
  const body = res.json() as { success: boolean; articleId: number; result: { created: number; aiFallbacks: number } };
  if (!body.success || body.result.created !== 1 || body.result.aiFallbacks !== 0) throw new Error(`post 102 was not made into an article by the AI: ${res.body}`);
  return { ai, t, id: body.articleId, close: async () => { await t.close(); await ai.close(); } };
}
