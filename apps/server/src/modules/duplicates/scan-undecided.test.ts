// The near pairs that nothing decided: borderline by the signals, and no AI judge to settle them
// (none configured, or it did not answer). The full scan lists them for the editor to read, never
// counted as duplicates; a pair the judge did settle is not listed. A judge that did not answer is
// asked no more in that scan or check. Ingestion does not publish such a post while a retry is
// left, and its report names the near article when it does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripHtml, toPersianDigits as fa } from '@chapar/shared/text';
import { CALIBRATION_CASES } from '../../../testing/duplicate-calibration.ts';
import { createArticle } from '../../../testing/factories.ts';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../testing/fake-openai-server.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import type { TelegramPost } from '../../integrations/telegram/index.ts';
import type { Services } from '../../services.ts';
import { ingestPost, JUDGE_UNANSWERED } from '../ingest/ingest-post.ts';
import { postStore } from '../posts/post-store.ts';

const FLOOD = CALIBRATION_CASES.find((c) => c.name === 'flood')!.article;
// The same flood told without its figures, under another headline: 36 % of the words in common,
// no rule calls it a duplicate, and nothing says it is another event.
const FLOOD_RETOLD = '<p>به گفته مسئولان استان گلستان، سیلاب شب گذشته در شهرستان‌های آق‌قلا و گنبد کاووس خانه‌ها و راه‌های روستایی را آسیب زد و شماری از مردم مصدوم شدند. تیم‌های امدادی هلال احمر به منطقه رفته‌اند و گروهی از ساکنان در اسکان اضطراری هستند. کشاورزان نیز از خسارت به مزارع گندم خبر می‌دهند و فرماندار خواستار کمک دولت شد.</p>';

const CHANNEL = 'akhbar_rooz';

interface Listed { recommendation: string; reasoning: string; duplicateProbability: number; originalArticle: { id: number }; duplicateArticle: { id: number } }

let ai: FakeOpenAiServer;
beforeAll(async () => { ai = await startFakeOpenAi(); });
afterAll(async () => { await ai?.close(); });

/** A site with the flood report and `retellings` retold copies of it (each an hour apart), and its scan. */
async function scanned(t: TestApp, retellings = 1) {
  const report = await createArticle(t.database, { title: FLOOD.title, content: FLOOD.html, publishedAt: new Date(Date.now() - 5 * 3600_000) });
  const retold = [];
  for (let i = 0; i < retellings; i++) {
    retold.push(await createArticle(t.database, { title: ['سیلاب در گلستان', 'گلستان زیر آب رفت'][i], content: FLOOD_RETOLD, publishedAt: new Date(Date.now() - (4 - i) * 3600_000) }));
  }
  const login = await loginAsAdmin(t.app);
  const headers = { cookie: login.cookie, 'x-csrf-token': login.csrfToken };
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/scan-detailed-duplicates', headers, payload: {} });
  expect(res.statusCode, res.body).toBe(200);
  const last = await t.app.inject({ method: 'GET', url: '/api/admin/scan-detailed-duplicates', headers });
  return { report, retold, body: res.json() as { message: string; duplicates: Listed[]; undecided?: Listed[] }, last: last.json() as { undecided?: Listed[] } };
}

/** Runs `test` on a site of its own, with the fake AI as its judge or with no judge. */
async function onSite(judge: boolean, test: (t: TestApp) => Promise<void>): Promise<void> {
  const judgeConfig = judge ? { ai: { baseUrl: ai.baseUrl, apiKey: 'test-key', model: 'judge-model', timeoutMs: 5000 } } : {};
  const t = await buildTestApp({ config: { worker: true, channels: [{ role: 'primary', username: CHANNEL }], ...judgeConfig } });
  try {
    await test(t);
  } finally {
    await t.close();
  }
}

describe('near pairs the full scan could not decide', () => {
  it('without an AI judge, lists the pair for the editor, not as a duplicate, and keeps it with the scan', async () => {
    await onSite(false, async (t) => {
      const { report, retold, body, last } = await scanned(t);
      expect(body.duplicates).toEqual([]);
      expect(body.undecided).toHaveLength(1);
      const [pair] = body.undecided!;
      expect(pair).toMatchObject({ recommendation: 'manual_review', originalArticle: { id: report.id }, duplicateArticle: { id: retold[0].id } });
      expect(pair.reasoning).toContain('داور هوش مصنوعی تنظیم نشده است');
      expect(pair.duplicateProbability).toBeLessThan(0.5);
      expect(body.message).toBe('۰ جفت تکراری در ۲ مقاله پیدا شد؛ ۱ جفت نزدیک دیگر نیاز به بررسی شما دارد');
      expect(last.undecided).toEqual(body.undecided);
      // Listing is all it does: both articles are still there.
      expect((await t.database.raw.query('select id from articles where id = any($1::int[])', [[report.id, retold[0].id]])).rows).toHaveLength(2);
    });
  });

  it('does not list a pair the AI judge called two stories, and reports one it called one story as a duplicate', async () => {
    for (const duplicate of [false, true]) {
      await onSite(true, async (t) => {
        // script() also clears the requests it recorded.
        ai.script({ content: JSON.stringify({ duplicate, confidence: 0.85, reason: duplicate ? 'هر دو از یک سیل در گلستان می‌گویند' : 'دو رویداد جدا' }) });
        const { retold, body } = await scanned(t);
        expect(ai.requests).toHaveLength(1);
        expect(body.undecided).toEqual([]);
        expect(body.duplicates.map((d) => d.duplicateArticle.id)).toEqual(duplicate ? [retold[0].id] : []);
      });
    }
  });

  it('lists the pairs when the judge does not answer, and asks it no more in that scan', async () => {
    await onSite(true, async (t) => {
      ai.script({ status: 500 });
      // Two retellings: two near pairs with the report (the retellings themselves are one text).
      const { retold, body } = await scanned(t, 2);
      expect(body.duplicates.map((d) => [d.originalArticle.id, d.duplicateArticle.id])).toEqual([[retold[0].id, retold[1].id]]);
      expect(body.undecided).toHaveLength(2);
      for (const pair of body.undecided!) expect(pair.reasoning).toContain('داور هوش مصنوعی در این اسکن پاسخ نداد');
      // The first pair's ask (with its one retry); the second pair was not put to it.
      expect(ai.requests.length).toBeGreaterThan(0);
      expect(ai.requests.length).toBeLessThanOrEqual(2);
    });
  });

  it('a single check puts no more pairs to a judge that did not answer', async () => {
    await onSite(true, async (t) => {
      ai.script({ status: 500 });
      for (const title of ['سیلاب در گلستان', 'گلستان زیر آب رفت']) await createArticle(t.database, { title, content: FLOOD_RETOLD });
      const login = await loginAsAdmin(t.app);
      const res = await t.app.inject({
        method: 'POST', url: '/api/admin/check-duplicate-content', headers: { cookie: login.cookie, 'x-csrf-token': login.csrfToken },
        payload: { content: `${FLOOD.title}\n\n${stripHtml(FLOOD.html)}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      // Both retellings are near the report and listed; neither is called a duplicate.
      expect(res.json()).toMatchObject({ isDuplicate: false });
      expect(res.json().duplicateArticles).toHaveLength(2);
      // One ask (with its one retry), not one for each near article.
      expect(ai.requests.length).toBeGreaterThan(0);
      expect(ai.requests.length).toBeLessThanOrEqual(2);
    });
  });
});

describe('a post near an article that nothing decided, at ingestion', () => {
  /** The flood report as an article, and a retelling of it as a stored post of the channel. */
  async function floodPost(t: TestApp) {
    const report = await createArticle(t.database, { title: FLOOD.title, content: FLOOD.html, publishedAt: new Date(Date.now() - 3600_000) });
    const text = `سیلاب در گلستان\n\n${stripHtml(FLOOD_RETOLD)}`;
    const item: TelegramPost = {
      channel: CHANNEL, messageId: 501, date: new Date(), text, html: text, links: [], hashtags: [], photos: [], videos: [], documents: [], views: 10, edited: false, mediaUnsupported: false,
    };
    const s = (t.app as unknown as { ingest: Services }).ingest;
    await postStore.saveFetched(s.db, CHANNEL, item);
    return { s, report, ref: { source: CHANNEL, telegramId: 501 } };
  }
  const articleCount = async (t: TestApp) => (await t.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM articles')).rows[0].n;

  it('with the judge down, waits for a retry rather than publish; on the last attempt publishes it and its report names the near article', async () => {
    await onSite(true, async (t) => {
      ai.script({ status: 500 });
      const { s, report, ref } = await floodPost(t);
      const before = await articleCount(t);
      await expect(ingestPost(s, ref, { useAI: false, finalAttempt: false })).rejects.toThrow(JUDGE_UNANSWERED);
      expect(await articleCount(t)).toBe(before);
      expect(await postStore.get(s.db, ref.source, ref.telegramId)).toMatchObject({ state: 'failed', lastError: JUDGE_UNANSWERED });

      const last = await ingestPost(s, ref, { useAI: false, finalAttempt: true });
      expect(last.status).toBe('created');
      expect(await articleCount(t)).toBe(before + 1);
      const notes = last.report.filter((r) => r.fileType === 'article').map((r) => r.reason);
      expect(notes).toEqual([`به مقالهٔ ${fa(report.id)} نزدیک است اما نشانه‌ها برای حکم کافی نبود و داور هوش مصنوعی پاسخ نداد؛ تکراری شمرده نشد، دو مقاله را با هم بخوانید`]);
    });
  });

  it('with the judge back on the retry, its verdict decides: one story is an ignored duplicate of the report', async () => {
    await onSite(true, async (t) => {
      ai.script({ status: 500 });
      const { s, report, ref } = await floodPost(t);
      await expect(ingestPost(s, ref, { useAI: false, finalAttempt: false })).rejects.toThrow(JUDGE_UNANSWERED);
      ai.script({ content: JSON.stringify({ duplicate: true, confidence: 0.9, reason: 'هر دو از یک سیل در گلستان می‌گویند' }) });
      const retried = await ingestPost(s, ref, { useAI: false, finalAttempt: false });
      expect(retried).toMatchObject({ status: 'ignored', articleId: report.id });
      expect(ai.requests).toHaveLength(1);
    });
  });

  it('with no judge configured, the signals decide at once: published, the report and the single check say why', async () => {
    await onSite(false, async (t) => {
      const { s, report, ref } = await floodPost(t);
      const login = await loginAsAdmin(t.app);
      const check = await t.app.inject({
        method: 'POST', url: '/api/admin/check-duplicate-post', headers: { cookie: login.cookie, 'x-csrf-token': login.csrfToken }, payload: { postId: ref.telegramId },
      });
      expect(check.statusCode, check.body).toBe(200);
      expect(check.json().isDuplicate).toBe(false);
      expect(check.json().details).toContain(`نزدیک‌ترین مقاله ${fa(report.id)} است`);
      expect(check.json().details).toContain('نشانه‌ها برای حکم کافی نبود و داور هوش مصنوعی تنظیم نشده است؛ متن را با این مقاله مقایسه کنید.');

      const ingested = await ingestPost(s, ref, { useAI: false, finalAttempt: false });
      expect(ingested.status).toBe('created');
      expect(ingested.report.map((r) => r.reason)).toContain(`به مقالهٔ ${fa(report.id)} نزدیک است اما نشانه‌ها برای حکم کافی نبود و داور هوش مصنوعی تنظیم نشده است؛ تکراری شمرده نشد، دو مقاله را با هم بخوانید`);
    });
  });
});
