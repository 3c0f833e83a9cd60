import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../testing/fake-openai-server.ts';
import { createRewriter } from './index.ts';
import { createAiRewriter, type AiRewriterOptions } from './openai-rewriter.ts';
import { RewriteError } from './types.ts';

// A real post of the fixture channel: figures with Persian digits, a decimal,
// thousands separators, hashtags and the channel's signature line.
const POST = {
  text: [
    '💵 قیمت دلار در بازار آزاد به ۱۰۲٬۳۰۰ تومان رسید',
    '',
    'معامله‌گران بازار ارز تهران صبح امروز هر دلار آمریکا را ۱۰۲ هزار و ۳۰۰ تومان خرید و فروش کردند که نسبت به روز گذشته ۱.۵ درصد افزایش نشان می‌دهد. قیمت هر یورو نیز به ۱۱۸٬۹۰۰ تومان رسید.',
    '',
    '#دلار #بازار_ارز',
    '🆔 @akhbar_rooz',
  ].join('\n'),
  hashtags: ['دلار', 'بازار_ارز'],
  channel: 'akhbar_rooz',
};

const GOOD = {
  title: 'دلار در بازار آزاد تهران ۱۰۲٬۳۰۰ تومان معامله شد.',
  excerpt: 'قیمت دلار در بازار آزاد با ۱.۵ درصد افزایش به ۱۰۲ هزار و ۳۰۰ تومان رسید.',
  content:
    '<p onclick="x()">معامله‌گران بازار ارز تهران امروز هر دلار را ۱۰۲ هزار و ۳۰۰ تومان خرید و فروش کردند؛ ۱.۵ درصد بیشتر از روز گذشته.</p><script>alert(1)</script><p>هر یورو نیز <strong>۱۱۸٬۹۰۰ تومان</strong> قیمت خورد.</p>',
  category: 'اقتصادی',
  keywords: ['دلار', '#بازار_ارز', 'یورو'],
  metaDescription: 'قیمت دلار در بازار آزاد تهران امروز با افزایش ۱.۵ درصدی به ۱۰۲ هزار و ۳۰۰ تومان رسید و یورو نیز ۱۱۸٬۹۰۰ تومان معامله شد؛ گزارش کامل بازار ارز را بخوانید و از آخرین تغییرات باخبر شوید.',
};
const json = (value: unknown) => ({ content: JSON.stringify(value) });

let server: FakeOpenAiServer;
beforeAll(async () => {
  server = await startFakeOpenAi();
});
afterAll(() => server.close());

const rewriter = (overrides: Partial<AiRewriterOptions> = {}) =>
  createAiRewriter({ baseUrl: server.baseUrl, apiKey: 'test-key', model: 'test-model', timeoutMs: 2_000, maxRetries: 2, backoffBaseMs: 10, ...overrides });

async function failure(promise: Promise<unknown>): Promise<RewriteError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RewriteError);
  return error as RewriteError;
}

describe('createAiRewriter', () => {
  it('accepts a good answer, cleaned and checked', async () => {
    server.script(json(GOOD));
    const result = await rewriter().rewrite(POST);
    expect(result.title).toBe('دلار در بازار آزاد تهران ۱۰۲٬۳۰۰ تومان معامله شد');
    expect(result.category).toBe('Economy');
    expect(result.content).not.toMatch(/script|onclick|alert/);
    expect(result.content).toContain('<strong>۱۱۸٬۹۰۰ تومان</strong>');
    expect(result.keywords).toEqual(['دلار', 'بازار ارز', 'یورو']);
    expect(result.metaDescription.length).toBeLessThanOrEqual(150);
    expect(result.metaDescription.endsWith('…')).toBe(true);

    const [request] = server.requests;
    expect(server.requests).toHaveLength(1);
    expect(request.authorization).toBe('Bearer test-key');
    expect(request.body.model).toBe('test-model');
    expect(request.body.response_format).toEqual({ type: 'json_object' });
    expect(request.body.messages?.[0].content).toContain('Do not add any fact, number');
    // The model gets the cleaned post: no signature, no emoji, no hashtag line.
    const post = (request.body.messages?.[1].content ?? '').split('<<<')[1];
    expect(post).toContain('۱۱۸٬۹۰۰ تومان');
    expect(post).not.toMatch(/🆔|💵|@akhbar_rooz|#دلار/);
  });

  it('passes the model\'s keywords through the topic filter, and fills in by rule when none is a topic', async () => {
    server.script(json({ ...GOOD, keywords: ['درصد', 'کشور', 'اقتصاد', 'بازار ارز', 'بازارهای ارز', 'دوازدهم', 'یورو'] }));
    expect((await rewriter().rewrite(POST)).keywords).toEqual(['بازار ارز', 'یورو']);
    server.script(json({ ...GOOD, keywords: ['درصد', 'کشور', 'رشد'] }));
    const filled = (await rewriter().rewrite(POST)).keywords;
    expect(filled.slice(0, 2)).toEqual(['دلار', 'بازار ارز']);
    expect(filled).not.toContain('درصد');
  });

  it('retries malformed JSON with feedback, then rejects it', async () => {
    server.script({ content: 'بفرمایید، این هم خبر: {title: ' });
    const error = await failure(rewriter().rewrite(POST));
    expect(error.code).toBe('invalid_output');
    expect(error.attempts).toBe(3);
    expect(server.requests).toHaveLength(3);
    const retry = server.requests[1].body.messages ?? [];
    expect(retry.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(retry[3].content).toContain('not valid JSON');
  });

  it('accepts a good answer after a malformed one, even inside a code fence', async () => {
    server.script({ content: 'oops' }, { content: `\`\`\`json\n${JSON.stringify(GOOD)}\n\`\`\`` });
    expect((await rewriter().rewrite(POST)).category).toBe('Economy');
    expect(server.requests).toHaveLength(2);
  });

  it('rejects an answer that drops a number, after asking again', async () => {
    const dropped = { ...GOOD, content: '<p>هر دلار ۱۰۲ هزار و ۳۰۰ تومان معامله شد و ۱.۵ درصد گران شد؛ یورو هم گران شد.</p>' };
    server.script(json(dropped));
    const error = await failure(rewriter({ maxRetries: 1 }).rewrite(POST));
    expect(error.code).toBe('numbers_dropped');
    expect(error.missingNumbers).toEqual(['118900']);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1].body.messages?.[3].content).toContain('118900');
  });

  it('rejects an unknown category and a too-short title', async () => {
    server.script(json({ ...GOOD, category: 'Weather', title: 'دلار' }));
    const error = await failure(rewriter({ maxRetries: 0 }).rewrite(POST));
    expect(error.code).toBe('invalid_output');
    expect(error.message).toMatch(/title must be 10–150/);
    expect(error.message).toMatch(/category 'Weather'/);
  });

  it('times out a hanging endpoint within the configured time', async () => {
    server.script({ hang: true });
    const started = Date.now();
    const error = await failure(rewriter({ timeoutMs: 300, maxRetries: 0 }).rewrite(POST));
    const elapsed = Date.now() - started;
    expect(error.code).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(1_500);
  });

  it('retries a timeout with backoff before giving up', async () => {
    server.script({ hang: true });
    const error = await failure(rewriter({ timeoutMs: 200, maxRetries: 1 }).rewrite(POST));
    expect(error.code).toBe('timeout');
    expect(error.attempts).toBe(2);
    expect(server.requests).toHaveLength(2);
  });

  it('succeeds after a 500', async () => {
    server.script({ status: 500 }, json(GOOD));
    const result = await rewriter().rewrite(POST);
    expect(result.title).toContain('۱۰۲٬۳۰۰');
    expect(server.requests).toHaveLength(2);
  });

  it('honours Retry-After on 429, up to its cap', async () => {
    server.script({ status: 429, headers: { 'retry-after': '20' } }, json(GOOD));
    const started = Date.now();
    await rewriter({ maxRetryAfterMs: 300 }).rewrite(POST);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up at once on a refused key', async () => {
    server.script({ status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } });
    const error = await failure(rewriter().rewrite(POST));
    expect(error.code).toBe('unauthorized');
    expect(server.requests).toHaveLength(1);
  });

  it('does not call the model for a post that is only a signature', async () => {
    server.script(json(GOOD));
    const error = await failure(rewriter().rewrite({ text: '🆔 @akhbar_rooz\n👈 به کانال ما بپیوندید', hashtags: [] }));
    expect(error.code).toBe('empty_input');
    expect(server.requests).toHaveLength(0);
  });
});

describe('regenerateField', () => {
  const article = '<p>معامله‌گران بازار ارز تهران هر دلار را ۱۰۲ هزار و ۳۰۰ تومان خرید و فروش کردند.</p><p>یورو ۱۱۸٬۹۰۰ تومان شد.</p>';

  it('returns a new title from the same client', async () => {
    server.script(json({ value: 'دلار در بازار تهران ۱۰۲ هزار و ۳۰۰ تومان شد.' }));
    expect(await rewriter().regenerateField({ field: 'title', content: article })).toBe('دلار در بازار تهران ۱۰۲ هزار و ۳۰۰ تومان شد');
    expect(server.requests[0].body.messages?.[1].content).toContain('یورو ۱۱۸٬۹۰۰ تومان شد.');
  });

  it('holds regenerated content to the article numbers', async () => {
    server.script(json({ value: '<p>دلار ۱۰۲ هزار و ۳۰۰ تومان شد.</p>' }));
    const error = await failure(rewriter({ maxRetries: 0 }).regenerateField({ field: 'content', content: article }));
    expect(error.code).toBe('numbers_dropped');
  });
});

describe('createRewriter', () => {
  it('chooses the AI rewriter only with a base URL and a key', () => {
    expect(createRewriter({}).name).toBe('offline');
    expect(createRewriter({ aiBaseUrl: server.baseUrl }).name).toBe('offline');
    expect(createRewriter({ aiBaseUrl: server.baseUrl, aiApiKey: ' ' }).name).toBe('offline');
    expect(createRewriter({ aiBaseUrl: server.baseUrl, aiApiKey: 'k', aiModel: 'm' }).name).toBe('ai');
  });
});
