import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duplicateTextTooShort } from '@chapar/shared/contracts';
import { CALIBRATION_CASES } from '../../../testing/duplicate-calibration.ts';
import { createArticle } from '../../../testing/factories.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import type { TelegramPost } from '../../integrations/telegram/index.ts';
import { ingestPost } from '../ingest/ingest-post.ts';
import { postStore } from '../posts/post-store.ts';
import type { Services } from '../../services.ts';
import { queueReindexIfOutdated } from '../../jobs/reindex-duplicates.ts';
import { hasOutdated, refreshStale, reindexOutdated } from './index-repo.ts';
import { versionBand } from './minhash.ts';

const PRIMARY = 'akhbar_rooz';
const SECONDARY = 'khabar_fori';

let t: TestApp;
let s: Services;
let headers: Record<string, string>;
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });

async function store(messageId: number, text: string) {
  const item: TelegramPost = {
    channel: SECONDARY, messageId, date: new Date(), text, html: text, links: [], hashtags: [], photos: [], videos: [], documents: [], views: 10, edited: false, mediaUnsupported: false,
  };
  await postStore.saveFetched(s.db, SECONDARY, item);
  return { source: SECONDARY, telegramId: messageId };
}

async function counts() {
  const { rows } = await t.database.raw.query<Record<string, number>>(`SELECT
    (SELECT count(*)::int FROM articles) AS articles, (SELECT count(*)::int FROM ignored_posts) AS ignored,
    (SELECT count(*)::int FROM operations) AS operations, (SELECT count(*)::int FROM duplicate_signatures) AS signatures`);
  return rows[0];
}

beforeAll(async () => {
  t = await buildTestApp({ config: { worker: true, channels: [{ role: 'primary', username: PRIMARY }, { role: 'secondary', username: SECONDARY }] } });
  s = (t.app as unknown as { ingest: Services }).ingest;
  const login = await loginAsAdmin(t.app);
  headers = { cookie: login.cookie, 'x-csrf-token': login.csrfToken };
});
afterAll(async () => {
  await t?.close();
});

describe('a text too short to judge', () => {
  it('four letters, or a sentence under 50 letters, are refused with a Persian 400 and nothing else happens', async () => {
    await createArticle(t.database, { title: 'قیمت دلار در بازار آزاد به ۱۰۲ هزار تومان رسید', content: '<p>قیمت هر دلار آمریکا در بازار آزاد تهران امروز به ۱۰۲ هزار تومان رسید.</p>' });
    const before = await counts();
    for (const content of ['دلار', 'قیمت دلار امروز در بازار تهران بالا رفت', '🔴 دلار گران شد 🆔 @khabar_fori https://t.me/khabar_fori/12']) {
      const res = await post('/api/admin/check-duplicate-content', { content });
      expect(res.statusCode, content).toBe(400);
      expect(res.json()).toMatchObject({ error: 'bad_request', message: expect.stringContaining('کوتاه است') });
      expect(res.json().message).toContain('۵۰ حرف');
      expect(res.json().message).not.toMatch(/[0-9]/);
    }
    expect((await post('/api/admin/check-duplicate-content', { content: 'دلار' })).json().message).toBe(duplicateTextTooShort('دلار'));
    expect(await counts()).toEqual(before);
  });

  it('a post too short to judge is refused the same way, naming the post', async () => {
    await store(4401, '🔴 دلار ۱۰۲ هزار تومان شد\n\n🆔 @khabar_fori');
    const res = await post('/api/admin/check-duplicate-post', { postId: '4401' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^متن این پست برای بررسی تکراری بودن کوتاه است/);
  });

  it('fifty letters in eight words are enough', async () => {
    const res = await post('/api/admin/check-duplicate-content', { content: 'بانک مرکزی امروز نرخ رسمی دلار را برای واردات کالاهای اساسی اعلام کرد' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().isDuplicate).toBe(false);
  });
});

describe('the check and ingestion judge alike, with a calibrated confidence', () => {
  const articles = new Map<string, number>();
  const seen = new Map<string, { duplicate: boolean; probability: number; confidence: number; topId: number | undefined }>();

  it.each(CALIBRATION_CASES.map((c, i) => [c.name, c, i] as const))('%s: text check, post check and ingestion agree', async (_name, c, i) => {
    const article = await createArticle(t.database, {
      title: c.article.title, content: c.article.html, source: PRIMARY, telegramId: 5000 + i, publishedAt: new Date(Date.now() - 3600_000),
    });
    articles.set(c.name, article.id);
    for (const [k, [kind, text]] of ([['reworded', c.reworded], ['sameTopic', c.sameTopic], ['unrelated', c.unrelated]] as const).entries()) {
      const byText = await post('/api/admin/check-duplicate-content', { content: text });
      expect(byText.statusCode, byText.body).toBe(200);
      const answer = byText.json();
      const ref = await store(6000 + i * 10 + k, text);
      const byPost = (await post('/api/admin/check-duplicate-post', { postId: ref.telegramId })).json();
      expect(byPost.isDuplicate, `${kind}: post check`).toBe(answer.isDuplicate);
      expect(byPost.confidence, `${kind}: post check`).toBe(answer.confidence);
      const ingested = await ingestPost(s, ref, { useAI: false });
      // Ingestion refuses exactly what the check calls a duplicate, naming the same article.
      expect(ingested.status, kind).toBe(answer.isDuplicate ? 'ignored' : 'created');
      if (answer.isDuplicate) expect(ingested.articleId).toBe(answer.duplicateArticles[0].id);
      const probability = answer.isDuplicate ? answer.confidence : 100 - answer.confidence;
      seen.set(`${c.name}/${kind}`, { duplicate: answer.isDuplicate, probability, confidence: answer.confidence, topId: answer.duplicateArticles[0]?.id });
    }
  });

  it('a rewording with the same figures is a duplicate of its article; another event and an unrelated story are not', () => {
    for (const c of CALIBRATION_CASES) {
      const reworded = seen.get(`${c.name}/reworded`)!;
      expect(reworded, c.name).toMatchObject({ duplicate: true, topId: articles.get(c.name) });
      expect(seen.get(`${c.name}/sameTopic`)!.duplicate, c.name).toBe(false);
      expect(seen.get(`${c.name}/unrelated`)!.duplicate, c.name).toBe(false);
    }
  });

  it('the confidence is never a constant: it orders rewording > other event > unrelated, and no verdict is sure beyond 99% without identical text', () => {
    for (const c of CALIBRATION_CASES) {
      const [reworded, sameTopic, unrelated] = ['reworded', 'sameTopic', 'unrelated'].map((k) => seen.get(`${c.name}/${k}`)!);
      expect(reworded.probability, c.name).toBeGreaterThan(sameTopic.probability);
      expect(sameTopic.probability, c.name).toBeGreaterThanOrEqual(unrelated.probability);
      for (const x of [reworded, sameTopic, unrelated]) {
        expect(x.confidence).toBeGreaterThan(50);
        expect(x.confidence).toBeLessThanOrEqual(99);
      }
    }
    const confidences = new Set([...seen.values()].map((x) => x.confidence));
    expect(confidences.size).toBeGreaterThan(3);
  });

  it('a story not a duplicate names its nearest article with the probability the confidence came from', async () => {
    // A third flood: the same phrasing as the two above, other province and figures.
    const lorestan = 'سیل در لرستان ۲ کشته و ۱۵ مصدوم برجای گذاشت\n\nرئیس سازمان مدیریت بحران استان لرستان گفت در سیلاب دیروز ۲ نفر جان باختند و ۱۵ نفر مصدوم شدند. بیشترین خسارت در شهرستان‌های پلدختر و معمولان گزارش شده است. به گفته او ۵۱۰ واحد مسکونی آسیب دیده و ۴۴ کیلومتر از راه‌های روستایی مسدود است.';
    const res = (await post('/api/admin/check-duplicate-content', { content: lorestan })).json();
    expect(res.isDuplicate).toBe(false);
    const nearest = res.duplicateArticles[0];
    expect(nearest).toMatchObject({ probability: expect.any(Number), similarity: expect.any(Number), isDuplicate: false });
    expect(nearest.title).toMatch(/^سیل در /);
    expect(res.confidence).toBe(100 - nearest.probability);
    expect(res.confidence).toBeLessThan(99);
    expect(res.details).toContain('نزدیک‌ترین مقاله');
  });

  it('a text near nothing in the index says that the index found nothing near it, not that nothing shares a word', async () => {
    const res = (await post('/api/admin/check-duplicate-content', { content: 'گروه موسیقی محلی روستا برای نخستین بار در جشنواره‌ای بین‌المللی در آن سوی دریا ساز و آواز اجرا کرد و تماشاگران بسیاری آمدند.' })).json();
    expect(res).toMatchObject({ isDuplicate: false, duplicateArticles: [], details: 'نمایه مقاله‌ای نزدیک به این متن نیافت؛ تکراری نیست.' });
  });

  it('the identical text of an article is a duplicate with confidence 100', async () => {
    const c = CALIBRATION_CASES.find((x) => x.name === 'housing')!;
    const res = (await post('/api/admin/check-duplicate-content', { content: c.sameTopic })).json();
    // The same-topic report became an article through ingestion above: its own text is now that article.
    expect(res).toMatchObject({ isDuplicate: true, confidence: 100 });
    expect(res.duplicateArticles[0]).toMatchObject({ similarity: 100, probability: 100, isDuplicate: true });
  });
});

describe('the full scan: the overall similarity is the weighted mean of its parts', () => {
  it('states its weights, stays within its parts and names the rule that decided', async () => {
    const c = CALIBRATION_CASES.find((x) => x.name === 'emergency landing')!;
    const copy = await createArticle(t.database, { title: c.reworded.split('\n')[0], content: `<p>${c.reworded.split('\n\n')[1]}</p>`, publishedAt: new Date() });
    const res = await post('/api/admin/scan-detailed-duplicates', {});
    expect(res.statusCode, res.body).toBe(200);
    const pairs = res.json().duplicates as Array<{
      similarityScore: number; duplicateProbability: number; duplicateArticle: { id: number };
      detailedAnalysis: { titleSimilarity: number; contentSimilarity: number; mediaSimilarity: number; figureSimilarity: number | null; weights: Record<string, number>; reasons: string[] };
    }>;
    expect(pairs.some((p) => p.duplicateArticle.id === copy.id)).toBe(true);
    for (const pair of pairs) {
      const d = pair.detailedAnalysis;
      const parts: Record<string, number | null> = { content: d.contentSimilarity, title: d.titleSimilarity, figures: d.figureSimilarity, media: d.weights.media > 0 ? d.mediaSimilarity : null };
      expect(Object.values(d.weights).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
      const sum = Object.entries(parts).reduce((acc, [name, value]) => acc + (value === null ? 0 : d.weights[name] * value), 0);
      expect(Math.abs(pair.similarityScore - sum)).toBeLessThan(0.003);
      const present = Object.values(parts).filter((v): v is number => v !== null);
      expect(pair.similarityScore).toBeLessThanOrEqual(Math.max(...present) + 0.001);
      expect(pair.duplicateProbability).toBeGreaterThan(0.5);
      expect(d.reasons[0]).toMatch(/^قاعدهٔ تصمیم: /);
      expect(d.reasons.some((r) => r.startsWith('شباهت کل '))).toBe(true);
    }
  });
});

describe('the index follows the detector', () => {
  const outdate = async (id: number) => {
    // As an older detector left it: no version band and no figure bands.
    await t.database.raw.query('DELETE FROM duplicate_bands WHERE article_id = $1 AND (band = $2 OR band / 1099511627776 = 40)', [id, String(versionBand())]);
  };
  const bands = async (id: number) => (await t.database.raw.query<{ version: number; figures: number }>(
    'SELECT count(*) FILTER (WHERE band = $2)::int AS version, count(*) FILTER (WHERE band / 1099511627776 = 40)::int AS figures FROM duplicate_bands WHERE article_id = $1',
    [id, String(versionBand())])).rows[0];

  it('an article indexed by an older version is indexed again in the background, not by a check', async () => {
    const c = CALIBRATION_CASES[0];
    const { rows: [row] } = await t.database.raw.query<{ id: number }>('SELECT id FROM articles WHERE title = $1', [c.article.title]);
    await refreshStale(t.database);
    await outdate(row.id);
    expect(await hasOutdated(t.database)).toBe(true);
    // A check answers at once: it finds the article by its older bands and leaves the re-index to the job.
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/check-duplicate-content', headers, payload: { content: c.reworded } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().duplicateArticles.map((a: { id: number }) => a.id)).toContain(row.id);
    expect((await bands(row.id)).version).toBe(0);
    // The worker queues the job (as at its start), and the job indexes it again.
    expect(await queueReindexIfOutdated(s)).toBe(true);
    await expect.poll(() => hasOutdated(t.database), { timeout: 20_000, interval: 200 }).toBe(false);
    expect(await bands(row.id)).toMatchObject({ version: 1, figures: expect.any(Number) });
    expect((await bands(row.id)).figures).toBeGreaterThan(0);
    expect(await queueReindexIfOutdated(s)).toBe(false);
  });

  it('a full re-index goes newest first and skips what is current', async () => {
    const { rows } = await t.database.raw.query<{ id: number }>('SELECT article_id AS id FROM duplicate_signatures ORDER BY article_id DESC LIMIT 3');
    expect(rows).toHaveLength(3);
    for (const { id } of rows) await outdate(id);
    const seen: number[] = [];
    expect(await reindexOutdated(t.database, (done) => { seen.push(done); })).toBe(3);
    expect(seen).toEqual([3]);
    for (const { id } of rows) expect((await bands(id)).version).toBe(1);
    expect(await reindexOutdated(t.database)).toBe(0);
  });
});
