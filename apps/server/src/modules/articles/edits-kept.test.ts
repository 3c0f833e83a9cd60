// An editor's changes are kept: regenerating the article, a repair job and an edit of the post
// in the channel leave a hand-edited field alone unless the admin asks to overwrite it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_CHANGED_SINCE, type AdminArticle, type ArticleVersionSummary } from '@chapar/shared/contracts';
import { normalizePersian } from '@chapar/shared/text';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { articleAdminRepo } from './admin-repo.ts';
import { saveOnLatest } from './article-save.ts';

let t: IngestTestApp;
type Row = {
  id: number; title: string; category: string; content: string; excerpt: string; search_title: string; slug: string; status: string;
  unpublished_reason: string | null; content_hash: string; updated_at: Date;
};
const byPost = async (telegramId: number) =>
  (await t.database.raw.query<Row>('select * from articles where telegram_id = $1', [telegramId])).rows[0];
const forceCheck = async () => {
  const res = await t.post('/api/admin/auto-monitor/force-check');
  expect(res.statusCode, res.body).toBe(200);
};
const patch = (id: number, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/admin/articles/${id}`, headers: t.headers, payload });
const regenerate = (id: number, payload?: object) => t.post(`/api/admin/regenerate-article/${id}`, payload);

const HAND_TITLE = 'تیتر دست‌نویس سردبیر درباره نرخ دلار';

beforeAll(async () => {
  t = await buildIngestTestApp();
  await forceCheck();
});
afterAll(async () => { await t?.close(); });

describe('hand-edited fields', () => {
  it('survive regenerate-article, which still rebuilds the fields nobody edited', async () => {
    const machine = (await byPost(102))!;
    expect(machine.category).not.toBe('Culture');
    const edited = await patch(machine.id, { title: HAND_TITLE, category: 'فرهنگ' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as AdminArticle).editedFields).toEqual(['category', 'title']);
    // Something the pipeline wrote and nobody edited: regenerate puts it back.
    await t.database.raw.query('update articles set excerpt = $1 where id = $2', ['خلاصهٔ کهنه', machine.id]);

    const res = await regenerate(machine.id);
    expect(res.statusCode, res.body).toBe(200);
    const after = (await byPost(102))!;
    expect(after).toMatchObject({ title: HAND_TITLE, category: 'Culture', excerpt: machine.excerpt });
    // What is derived from the text follows the kept title.
    expect(after.search_title).toBe(normalizePersian(HAND_TITLE));
    expect(after.slug).toBe('تیتر-دست-نویس-سردبیر-درباره-نرخ-دلار');

    const versions = ((await t.get(`/api/admin/articles/${machine.id}/versions`)).json() as { versions: ArticleVersionSummary[] }).versions;
    expect(versions.map((v) => v.action)).toEqual(['regenerate', 'edit']);
    expect(versions[0]).toMatchObject({ changedFields: ['excerpt'], savedBy: 'admin' });
  });

  it('survive an edit of the post in the channel, which is still taken in', async () => {
    const before = (await byPost(102))!;
    t.server.edit(102, '۱۰۲٬۳۰۰ تومان رسید', '۱۰۴٬۸۰۰ تومان رسید');
    await forceCheck();
    const after = (await byPost(102))!;
    expect(after).toMatchObject({ id: before.id, title: HAND_TITLE, category: 'Culture' });
    // The edited post was processed: its text fingerprint and the article's time moved on.
    expect(after.content_hash).not.toBe(before.content_hash);
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
  });

  it('survive a repair job over the article, whose change is in the history, signed by who ran it', async () => {
    const { id } = (await byPost(102))!;
    // A field nobody edited that the job has to mend.
    await t.database.raw.query('update articles set excerpt = $1 where id = $2', ['', id]);
    const preview = await t.post('/api/admin/fix-excerpts');
    expect(preview.json()).toMatchObject({ status: 'awaiting' });
    const res = await t.post(`/api/admin/operations/${(preview.json() as { operationId: number }).operationId}/confirm`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect((await byPost(102))!).toMatchObject({ title: HAND_TITLE, category: 'Culture' });
    expect((await byPost(102))!.excerpt).not.toBe('');
    const one = (await t.get(`/api/admin/articles/${id}`)).json() as AdminArticle;
    expect(one.editedFields).toEqual(['category', 'title']);
    const [latest] = ((await t.get(`/api/admin/articles/${id}/versions`)).json() as { versions: ArticleVersionSummary[] }).versions;
    expect(latest).toMatchObject({ action: 'job', title: HAND_TITLE, savedBy: 'admin' });
    expect(latest.changedFields).toContain('excerpt');
    expect(latest.summary).toMatch(/^تغییر خودکار \(.*خلاصه.*\) توسط \u2066admin\u2069$/);
    const kept = (await t.get(`/api/admin/articles/${id}/versions/${latest.id}`)).json() as { fields: { excerpt: string } };
    expect(kept.fields.excerpt).toBe('');
  });

  it('are overwritten when the admin asks, and are then the pipeline\'s again', async () => {
    const { id } = (await byPost(102))!;
    const res = await regenerate(id, { overwriteEdits: true });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await byPost(102))!;
    expect(after.title).toBe('قیمت دلار در بازار آزاد به ۱۰۴٬۸۰۰ تومان رسید');
    expect(after.category).not.toBe('Culture');
    const one = (await t.get(`/api/admin/articles/${id}`)).json() as AdminArticle;
    expect(one.editedFields).toEqual([]);
    const [latest] = ((await t.get(`/api/admin/articles/${id}/versions`)).json() as { versions: ArticleVersionSummary[] }).versions;
    expect(latest).toMatchObject({ action: 'regenerate', title: HAND_TITLE });
  });
});

describe('publishing state', () => {
  it('records why an article left the site when its post was deleted, and keeps an admin\'s decision to publish it again', async () => {
    const { id } = (await byPost(112))!;
    t.server.remove(112);
    await forceCheck();
    expect((await byPost(112))!).toMatchObject({ status: 'unpublished', unpublished_reason: 'پست در کانال تلگرام حذف شده است' });
    const listed = (await t.get('/api/admin/articles?status=unpublished')).json() as { articles: Array<{ id: number; unpublishedReason: string }> };
    expect(listed.articles).toEqual([expect.objectContaining({ id, unpublishedReason: 'پست در کانال تلگرام حذف شده است' })]);

    expect((await t.post(`/api/admin/articles/${id}/publish`)).statusCode).toBe(200);
    await forceCheck();
    expect((await byPost(112))!).toMatchObject({ status: 'published', unpublished_reason: null });
  });

  it('keeps an article an admin took down off the site when its post is processed again', async () => {
    const { id } = (await byPost(102))!;
    await t.post(`/api/admin/articles/${id}/unpublish`, { reason: 'بررسی' });
    expect((await regenerate(id)).statusCode).toBe(200);
    expect((await byPost(102))!).toMatchObject({ status: 'unpublished', unpublished_reason: 'بررسی' });
  });
});

describe('keywords', () => {
  it('are an editor\'s to set: tidied, kept once, kept from regenerate, in the history and restorable; too many is a Persian 400', async () => {
    const post = Number((await t.database.raw.query<{ telegram_id: string }>('select telegram_id from articles where telegram_id not in (102, 112) order by telegram_id limit 1 offset 2')).rows[0].telegram_id);
    const machine = (await byPost(post))!;
    const machineKeywords = (await t.database.raw.query<{ keywords: string }>('select keywords from articles where id = $1', [machine.id])).rows[0].keywords;
    const res = await patch(machine.id, { keywords: 'بانک مرکزی، نرخ ارز,  بانک مركزي ,#تورم_سالانه,' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ keywords: 'بانک مرکزی,نرخ ارز,تورم سالانه', editedFields: ['keywords'] });
    expect((await t.get(`/api/articles/${machine.id}`)).json()).toMatchObject({ keywords: 'بانک مرکزی,نرخ ارز,تورم سالانه' });

    expect((await regenerate(machine.id)).statusCode).toBe(200);
    const kept = (await t.get(`/api/admin/articles/${machine.id}`)).json() as AdminArticle;
    expect(kept.keywords).toBe('بانک مرکزی,نرخ ارز,تورم سالانه');

    const versions = ((await t.get(`/api/admin/articles/${machine.id}/versions`)).json() as { versions: ArticleVersionSummary[] }).versions;
    const before = versions.find((v) => v.action === 'edit')!;
    expect(before.summary).toContain('کلیدواژه‌ها');
    expect((await t.get(`/api/admin/articles/${machine.id}/versions/${before.id}`)).json()).toMatchObject({ fields: { keywords: machineKeywords } });
    const restored = await t.post(`/api/admin/articles/${machine.id}/versions/${before.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(((await t.get(`/api/admin/articles/${machine.id}`)).json() as AdminArticle).keywords).toBe(machineKeywords);

    const many = await patch(machine.id, { keywords: Array.from({ length: 13 }, (_, i) => `موضوع شماره ${'الف ب پ ت ث ج چ ح خ د ذ ر ز'.split(' ')[i]}`).join('،') });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toContain('حداکثر ۱۲ کلیدواژه می‌توان داشت');
    const long = await patch(machine.id, { keywords: `بانک,${'ب'.repeat(61)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('هر کلیدواژه حداکثر ۶۰ نویسه است');
    expect(((await t.get(`/api/admin/articles/${machine.id}`)).json() as AdminArticle).keywords).toBe(machineKeywords);
  });
});

describe('two editors on one article', () => {
  it('refuses the second save of a form loaded before the first, with a Persian 409 and nothing changed; saved over on purpose, the first stays in the history', async () => {
    // An article the other tests leave alone.
    const post = Number((await t.database.raw.query<{ telegram_id: string }>('select telegram_id from articles where telegram_id not in (102, 112) order by telegram_id limit 1')).rows[0].telegram_id);
    const { id } = (await byPost(post))!;
    const loaded = (await t.app.inject({ method: 'GET', url: `/api/admin/articles/${id}`, headers: t.headers })).json() as AdminArticle;
    const first = await patch(id, { content: '<p>متن ویراستار نخست دربارهٔ این خبر.</p>', expectedUpdatedAt: loaded.updatedAt });
    expect(first.statusCode, first.body).toBe(200);

    const second = await patch(id, { content: '<p>متن ویراستار دوم دربارهٔ این خبر.</p>', expectedUpdatedAt: loaded.updatedAt });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: 'conflict', message: ARTICLE_CHANGED_SINCE });
    expect((await byPost(post))!.content).toBe('<p>متن ویراستار نخست دربارهٔ این خبر.</p>');

    // Reloaded, the form saves; a save that names no version goes through, the first editor's text kept as a version.
    const fresh = (first.json() as AdminArticle).updatedAt;
    expect((await patch(id, { title: 'تیتر تازهٔ ویراستار دوم برای این خبر', expectedUpdatedAt: fresh })).statusCode).toBe(200);
    const over = await patch(id, { content: '<p>متن ویراستار دوم دربارهٔ این خبر.</p>' });
    expect(over.statusCode, over.body).toBe(200);
    const versions = (await t.app.inject({ method: 'GET', url: `/api/admin/articles/${id}/versions`, headers: t.headers })).json() as { versions: ArticleVersionSummary[] };
    const kept = await Promise.all(versions.versions.map(async (v) => (await t.app.inject({ method: 'GET', url: `/api/admin/articles/${id}/versions/${v.id}`, headers: t.headers })).json() as { content?: string; version?: { content: string } }));
    expect(JSON.stringify(kept)).toContain('متن ویراستار نخست دربارهٔ این خبر.');

    const bad = await patch(id, { title: 'تیتری دیگر برای آزمون', expectedUpdatedAt: 'دیروز' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('زمان آخرین ویرایش مقاله نامعتبر است');
  });

  it('refuses a save whose article changed between its read and its write, keeping no version of it', async () => {
    const post = Number((await t.database.raw.query<{ telegram_id: string }>('select telegram_id from articles where telegram_id not in (102, 112) order by telegram_id limit 1 offset 1')).rows[0].telegram_id);
    const { id } = (await byPost(post))!;
    const read = (await articleAdminRepo.byId(t.database.db, id))!;
    expect((await patch(id, { title: 'تیتری که ویراستار دیگر همان لحظه نوشت' })).statusCode).toBe(200);
    const versionsBefore = (await t.database.raw.query('select id from article_versions where article_id = $1', [id])).rows.length;

    const versionFields = ({ title, excerpt, featured, category, keywords, content, metaDescription, imageUrl, videoUrl }: typeof read) =>
      ({ title, excerpt, featured, category, keywords, content, metaDescription, imageUrl, videoUrl });
    const deps = { config: t.config, db: t.database.db, log: t.app.log, jobs: undefined as never, contentChanged: () => {} };
    await expect(saveOnLatest(deps, id, () => ({ ...versionFields(read), title: 'تیتری بر پایهٔ خواندن کهنه' }), { action: 'edit', by: 'admin', expectedUpdatedAt: read.updatedAt.toISOString() }))
      .rejects.toMatchObject({ status: 409, message: ARTICLE_CHANGED_SINCE });
    expect((await byPost(post))!.title).toBe('تیتری که ویراستار دیگر همان لحظه نوشت');
    expect((await t.database.raw.query('select id from article_versions where article_id = $1', [id])).rows).toHaveLength(versionsBefore);
  });

  it('lets one of two saves sent at the same moment from the same form through, and refuses the other', async () => {
    const post = Number((await t.database.raw.query<{ telegram_id: string }>('select telegram_id from articles where telegram_id not in (102, 112) order by telegram_id desc limit 1')).rows[0].telegram_id);
    const { id } = (await byPost(post))!;
    const loaded = (await t.app.inject({ method: 'GET', url: `/api/admin/articles/${id}`, headers: t.headers })).json() as AdminArticle;
    const texts = ['<p>متن همزمان ویراستار الف.</p>', '<p>متن همزمان ویراستار ب.</p>'];
    const answers = await Promise.all(texts.map((content) => patch(id, { content, expectedUpdatedAt: loaded.updatedAt })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const won = texts[answers.findIndex((a) => a.statusCode === 200)];
    expect((await byPost(post))!.content).toBe(won);
    // Only the save that went through left a version behind.
    const versions = (await t.app.inject({ method: 'GET', url: `/api/admin/articles/${id}/versions`, headers: t.headers })).json() as { versions: ArticleVersionSummary[] };
    expect(versions.versions.filter((v) => v.action === 'edit')).toHaveLength(1);
  });
});
