import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray } from 'drizzle-orm';
import { auditLog, comments, deletedComments } from '@chapar/db';
import type { DeletedCommentsResponse } from '@chapar/shared/contracts';
import { toAsciiDigits } from '@chapar/shared/text';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';
import { checkCaptcha, issueCaptcha, UsedCaptchas } from './captcha.ts';
import { submitComment } from './service.ts';
import { commentRepo } from './repo.ts';

let t: TestApp;
let articleId: number;
let otherArticleId: number;
let admin: { cookie: string; csrfToken: string };

beforeAll(async () => {
  t = await buildTestApp();
  articleId = (await createArticle(t.database, { title: 'خبر با نظرها' })).id;
  otherArticleId = (await createArticle(t.database, { title: 'خبر دیگر' })).id;
  admin = await loginAsAdmin(t.app);
});
afterAll(async () => { await t?.close(); });

let visitors = 0;
const newVisitor = () => ({ 'x-session-id': `visitor-${++visitors}-abcdef` });
/** A captcha issued long enough ago, answered correctly. */
const solved = (agoMs = 5_000) => {
  const c = issueCaptcha(t.config.sessionSecret, Date.now() - agoMs);
  return { captchaToken: c.token, captchaAnswer: String(c.answer) };
};
/** Each test visitor comes from an address of its own, as different readers do. */
const addressOf = (headers: Record<string, string>) => {
  const n = Number(/^visitor-(\d+)-/.exec(headers['x-session-id'] ?? '')?.[1] ?? 0);
  return `10.50.${n >> 8}.${n & 255}`;
};
const post = (id: number, payload: Record<string, unknown>, headers: Record<string, string> = newVisitor()) =>
  t.app.inject({ method: 'POST', url: `/api/articles/${id}/comments`, payload, headers, remoteAddress: addressOf(headers) });
const publicList = async (id = articleId) => (await t.app.inject({ method: 'GET', url: `/api/articles/${id}/comments` })).json() as { comments: Array<Record<string, unknown> & { replies: Array<Record<string, unknown> & { replies: unknown[] }> }> };
const asAdmin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken } });
const approve = (id: number) => asAdmin('POST', `/api/admin/comments/${id}/approve`);
const sum = (question: string) => (toAsciiDigits(question).match(/\d+/g) ?? []).map(Number).reduce((a, b) => a + b, 0);

describe('captcha', () => {
  it('issues a Persian arithmetic question with a signed token that hides the answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/comments/captcha' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { token: string; question: string; expiresAt: string };
    expect(body.question).toMatch(/^[۱-۹][۰]? \+ [۱-۹][۰]? = ؟$/);
    const answer = sum(body.question);
    expect(answer).toBeGreaterThanOrEqual(2);
    expect(answer).toBeLessThanOrEqual(20);
    expect(body).not.toHaveProperty('answer');
    expect(new Date(body.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  it('refuses a wrong answer with a fresh challenge, and spends the token', async () => {
    const c = issueCaptcha(t.config.sessionSecret, Date.now() - 5_000);
    const wrong = String(c.answer === 20 ? 19 : c.answer + 1);
    const res = await post(articleId, { authorName: 'مینا', content: 'سلام', captchaToken: c.token, captchaAnswer: wrong });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string; message: string; captcha: { token: string; question: string } };
    expect(body).toMatchObject({ error: 'captcha_invalid', message: 'کد امنیتی اشتباه است' });
    expect(body.captcha.token).not.toBe(c.token);
    expect(body.captcha.question).toMatch(/^[۰-۹]+ \+ [۰-۹]+ = ؟$/);
    // The right answer no longer helps: the token was spent by the wrong one.
    const retry = await post(articleId, { authorName: 'مینا', content: 'سلام', captchaToken: c.token, captchaAnswer: String(c.answer) });
    expect(retry.statusCode).toBe(400);
    expect(retry.json()).toMatchObject({ error: 'captcha_invalid' });
  });

  it('gives the question after a wrong answer a head start: the visitor only answers again, the form is filled', async () => {
    const c = issueCaptcha(t.config.sessionSecret, Date.now() - 5_000);
    const res = await post(articleId, { authorName: 'مینا', content: 'دوباره', captchaToken: c.token, captchaAnswer: String(c.answer === 20 ? 19 : c.answer + 1) });
    const fresh = (res.json() as { captcha: { token: string; question: string } }).captcha;
    const answer = String(sum(fresh.question));
    const check = checkCaptcha(t.config.sessionSecret, fresh.token, answer);
    if (!check.ok) throw new Error('the fresh question does not check');
    // Issued two seconds back: one second of the three remains, not all three.
    const age = Date.now() - check.issuedAt;
    expect(age).toBeGreaterThanOrEqual(2_000);
    expect(age).toBeLessThan(2_000 + 1_000);
    const deps = { db: t.database.db, secret: t.config.sessionSecret, usedCaptchas: new UsedCaptchas(t.database.db) };
    const input = { articleId, authorName: 'مینا', content: 'دوباره', authorEmail: null, parentId: null, captchaToken: fresh.token, captchaAnswer: answer, visitorKey: 'retry-visitor', ipHash: 'retry-address' };
    // At once it is still too fast; one second later (the visitor's clock) it is taken.
    await expect(submitComment(deps, { ...input, now: Date.now() })).rejects.toThrow('سریع');
    expect((await submitComment(deps, { ...input, now: Date.now() + 1_000 })).authorName).toBe('مینا');
  });

  it('requires an answer', async () => {
    for (const captchaAnswer of [undefined, '', '   ']) {
      const res = await post(articleId, { authorName: 'مینا', content: 'سلام', captchaToken: solved().captchaToken, captchaAnswer });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'validation_error', message: 'کد امنیتی الزامی است' });
    }
    // An answer that is not a number or text at all was given, so it is wrong, not missing.
    for (const captchaAnswer of [{}, [], true]) {
      const res = await post(articleId, { authorName: 'مینا', content: 'سلام', captchaToken: solved().captchaToken, captchaAnswer });
      expect(res.json()).toEqual({ error: 'validation_error', message: 'کد امنیتی اشتباه است' });
    }
  });

  it('refuses forged, expired and too-fast answers', async () => {
    const forged = await post(articleId, { authorName: 'مینا', content: 'سلام', captchaToken: 'v1.AAAAAAAAAAAAAAAA.0.AAAAAAAAAAAAAAAAAAAAAA', captchaAnswer: '5' });
    expect(forged.json()).toMatchObject({ error: 'captcha_invalid' });
    // A token the server never issued is not 'expired': it is said to be invalid, with a fresh one.
    const cut = await post(articleId, { authorName: 'مینا', content: 'سلام', captchaToken: 'v1.cut-short', captchaAnswer: '5' });
    expect(cut.json()).toMatchObject({ error: 'captcha_invalid', message: 'کد امنیتی معتبر نیست؛ کد تازه را وارد کنید', captcha: { question: expect.any(String) } });
    const huge = await post(articleId, { authorName: 'مینا', content: 'سلام', captchaToken: 'v1.'.padEnd(600, 'A'), captchaAnswer: '5' });
    expect(huge.json()).toEqual({ error: 'validation_error', message: 'کد امنیتی معتبر نیست؛ کد تازه را وارد کنید' });
    const expired = await post(articleId, { authorName: 'مینا', content: 'سلام', ...solved(11 * 60_000) });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: 'captcha_invalid', captcha: { question: expect.any(String) } });
    // Issued by the server just now and answered at once: a script, not a reader.
    const fresh = (await t.app.inject({ method: 'GET', url: '/api/comments/captcha' })).json() as { token: string; question: string };
    const fast = await post(articleId, { authorName: 'مینا', content: 'سلام', captchaToken: fresh.token, captchaAnswer: String(sum(fresh.question)) });
    expect(fast.statusCode).toBe(400);
    expect((fast.json() as { message: string }).message).toContain('سریع');
  });

  it('accepts the answer in Persian digits', async () => {
    const { captchaToken, captchaAnswer } = solved();
    const res = await post(articleId, { authorName: 'مینا', content: 'با ارقام فارسی', captchaToken, captchaAnswer: captchaAnswer.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]) });
    expect(res.statusCode).toBe(201);
  });
});

describe('posting a comment', () => {
  it('stores a valid comment as pending, not shown until approved', async () => {
    const before = await publicList();
    const res = await post(articleId, { authorName: ' رضا ', content: 'نظر خوبی بود', authorEmail: 'reza@example.com', ...solved() });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { success: boolean; message: string; comment: { id: number; isApproved: boolean; authorEmail: unknown; authorName: string; parentId: unknown; replies: unknown[] } };
    expect(body).toMatchObject({ success: true, message: 'نظر شما پس از بررسی منتشر خواهد شد' });
    expect(body.comment).toMatchObject({ authorName: 'رضا', content: 'نظر خوبی بود', isApproved: false, authorEmail: null, parentId: null, replies: [] });
    const [row] = await t.database.db.select().from(comments).where(eq(comments.id, body.comment.id));
    expect(row.authorEmail).toBe('reza@example.com');

    expect((await publicList()).comments.map((c) => c.id)).toEqual(before.comments.map((c) => c.id));
    expect((await approve(body.comment.id)).statusCode).toBe(200);
    const after = await publicList();
    const shown = after.comments.find((c) => c.id === body.comment.id);
    expect(shown).toMatchObject({ authorName: 'رضا', isApproved: true, authorEmail: null });

    // Approved by mistake: taking the approval back hides it again and keeps it for another look.
    const taken = await asAdmin('POST', `/api/admin/comments/${body.comment.id}/unapprove`);
    expect(taken.json()).toEqual({ success: true, affected: 1, message: 'تأیید نظر برداشته شد؛ نظر تا تأیید دوباره روی سایت دیده نمی‌شود' });
    expect((await publicList()).comments.map((c) => c.id)).not.toContain(body.comment.id);
    const pending = (await asAdmin('GET', '/api/admin/comments?status=pending')).json() as { comments: Array<{ id: number }> };
    expect(pending.comments.map((c) => c.id)).toContain(body.comment.id);
    // Again: nothing changes, and the answer says it was waiting already.
    expect((await asAdmin('POST', `/api/admin/comments/${body.comment.id}/unapprove`)).json()).toEqual({ success: true, affected: 0, message: 'این نظر از پیش در انتظار تأیید بود' });
    expect((await asAdmin('POST', '/api/admin/comments/999999/unapprove')).json()).toMatchObject({ message: 'نظر مورد نظر یافت نشد' });
    expect((await asAdmin('POST', '/api/admin/comments/999999/unapprove')).statusCode).toBe(404);
    expect((await approve(body.comment.id)).statusCode).toBe(200);
    expect((await approve(body.comment.id)).json()).toEqual({ success: true, affected: 0, message: 'این نظر از پیش تأیید شده بود' });
  });

  it.each([
    ['an empty name', { authorName: '', content: 'متن' }, 'لطفاً نام و متن نظر را وارد کنید'],
    ['a blank text', { authorName: 'نام', content: '   ' }, 'لطفاً نام و متن نظر را وارد کنید'],
    ['a missing name', { content: 'متن' }, 'لطفاً نام و متن نظر را وارد کنید'],
    ['a name of 81 letters', { authorName: 'ن'.repeat(81), content: 'متن' }, 'نام حداکثر ۸۰ نویسه است'],
    ['a text of 2001 letters', { authorName: 'نام', content: 'م'.repeat(2001) }, 'متن نظر حداکثر ۲۰۰۰ نویسه است'],
    ['a malformed email', { authorName: 'نام', content: 'متن', authorEmail: 'not-an-email' }, 'لطفاً یک ایمیل معتبر وارد کنید'],
  ])('rejects %s with the spec message', async (_label, fields, message) => {
    const res = await post(articleId, { ...fields, ...solved() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message });
  });

  // Characters that show nothing: a field of them looks empty on the page, so it is refused as empty.
  const INVISIBLE = [
    ['a zero-width space and an override', '\u200b\u202e'],
    ['zero-width joiners and non-joiners', '\u200c\u200d\u200c'],
    ['embedding and override controls', '\u202a\u202b\u202c\u202d\u202e'],
    ['isolate controls', '\u2066\u2067\u2068\u2069'],
    ['direction marks', '\u200e\u200f\u061c'],
    ['a BOM, a soft hyphen and a word joiner', '\ufeff\u00ad\u2060'],
    ['invisible characters between spaces', ' \u200b \u00a0\u202e\n\t\u3000'],
  ] as const;
  const count = async () => (await t.database.db.select({ id: comments.id }).from(comments)).length;

  it.each(INVISIBLE)('refuses a name of only %s with the spec message and stores nothing', async (_label, invisible) => {
    const before = await count();
    const res = await post(articleId, { authorName: invisible, content: 'متن دیده‌شدنی', ...solved() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message: 'لطفاً نام و متن نظر را وارد کنید' });
    expect(await count()).toBe(before);
  });

  it.each(INVISIBLE)('refuses a text of only %s with the spec message and stores nothing', async (_label, invisible) => {
    const before = await count();
    const res = await post(articleId, { authorName: 'نام', content: invisible, ...solved() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message: 'لطفاً نام و متن نظر را وارد کنید' });
    expect(await count()).toBe(before);
  });

  it('refuses an invisible reply the same way, and does not spend its captcha', async () => {
    const parent = (await post(articleId, { authorName: 'والد', content: 'نظر اصلی', ...solved() })).json() as { comment: { id: number } };
    await approve(parent.comment.id);
    const before = await count();
    const captcha = solved();
    for (const fields of [{ authorName: '\u200b\u202e', content: 'پاسخ' }, { authorName: 'پاسخ‌دهنده', content: '\u2067\u200b\ufeff' }]) {
      const res = await post(articleId, { ...fields, parentId: parent.comment.id, ...captcha });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'validation_error', message: 'لطفاً نام و متن نظر را وارد کنید' });
    }
    expect(await count()).toBe(before);
    // Refused before the captcha was looked at: the same answer still sends a real reply.
    const real = await post(articleId, { authorName: 'پاسخ‌دهنده', content: 'پاسخ واقعی', parentId: parent.comment.id, ...captcha });
    expect(real.statusCode).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it('stores the name and text without bidi controls, keeping ZWNJ inside words', async () => {
    const res = await post(articleId, {
      authorName: '\u202eمی\u200cخواهم\u202c \u2066نام\u2069\u200f',
      content: '\u202bاین\u200cها\u202c را \u200eببینید\u061c \u202dabc\u202c',
      ...solved(),
    });
    expect(res.statusCode).toBe(201);
    const created = (res.json() as { comment: { id: number; authorName: string; content: string } }).comment;
    expect(created).toMatchObject({ authorName: 'می\u200cخواهم نام', content: 'این\u200cها را ببینید abc' });
    const [row] = await t.database.db.select().from(comments).where(eq(comments.id, created.id));
    expect(row.authorName).toBe('می\u200cخواهم نام');
    expect(row.authorName).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/);
    expect(row.authorName).toContain('\u200c');
    expect(row.content).toBe('این\u200cها را ببینید abc');
  });

  it('accepts an empty optional email and answers 404 for an unknown article', async () => {
    expect((await post(articleId, { authorName: 'نام', content: 'متن', authorEmail: '', ...solved() })).statusCode).toBe(201);
    expect((await post(987654, { authorName: 'نام', content: 'متن', ...solved() })).statusCode).toBe(404);
  });

  it('refuses a filled honeypot', async () => {
    // Whatever the script puts there (text, a number, a long string), it is refused the same way.
    for (const website of ['http://spam.example', 123, 'x'.repeat(600)]) {
      const res = await post(articleId, { authorName: 'ربات', content: 'تبلیغ', website, ...solved() });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { message: string }).message).toBe('ارسال نظر پذیرفته نشد');
    }
    expect(await t.database.db.select().from(comments).where(eq(comments.authorName, 'ربات'))).toHaveLength(0);
  });

  it('keeps script-like text as plain text and returns it verbatim', async () => {
    const payloads = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>'];
    const ids: number[] = [];
    for (const content of payloads) {
      // Control characters are stripped; NUL never gets this far (the input guard refuses it on every route).
      const res = await post(articleId, { authorName: '<b>هکر</b>', content: `${content}\u0001\u0007`, ...solved() });
      expect(res.statusCode).toBe(201);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const created = (res.json() as { comment: { id: number; content: string } }).comment;
      expect(created.content).toBe(content);
      ids.push(created.id);
      await approve(created.id);
    }
    const shown = (await publicList()).comments.filter((c) => ids.includes(c.id as number));
    expect(shown.map((c) => c.content)).toEqual(payloads);
    expect(shown[0].authorName).toBe('<b>هکر</b>');
    const rows = await t.database.db.select().from(comments).where(eq(comments.id, ids[0]));
    expect(rows[0].content).toBe(payloads[0]);
  });
});

describe('replies', () => {
  it('nests up to three levels and refuses a fourth', async () => {
    const ids: number[] = [];
    let parentId: number | undefined;
    for (const content of ['سطح یک', 'سطح دو', 'سطح سه']) {
      const res = await post(articleId, { authorName: 'نویسنده', content, parentId, ...solved() });
      expect(res.statusCode).toBe(201);
      parentId = (res.json() as { comment: { id: number } }).comment.id;
      ids.push(parentId);
      await approve(parentId);
    }
    const deeper = await post(articleId, { authorName: 'نویسنده', content: 'سطح چهار', parentId, ...solved() });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json()).toEqual({ error: 'bad_request', message: 'حداکثر ۳ سطح پاسخ مجاز است' });

    const root = (await publicList()).comments.find((c) => c.id === ids[0])!;
    expect(root.replies).toHaveLength(1);
    expect(root.replies[0]).toMatchObject({ id: ids[1], parentId: ids[0], content: 'سطح دو' });
    expect(root.replies[0].replies).toMatchObject([{ id: ids[2], parentId: ids[1], replies: [] }]);
  });

  it('refuses a parent from another article, an unapproved or a missing parent', async () => {
    const elsewhere = await post(otherArticleId, { authorName: 'الف', content: 'جای دیگر', ...solved() });
    const elsewhereId = (elsewhere.json() as { comment: { id: number } }).comment.id;
    await approve(elsewhereId);
    const cross = await post(articleId, { authorName: 'ب', content: 'پاسخ', parentId: elsewhereId, ...solved() });
    expect(cross.statusCode).toBe(400);
    const pending = await post(articleId, { authorName: 'پ', content: 'در انتظار', ...solved() });
    const pendingId = (pending.json() as { comment: { id: number } }).comment.id;
    expect((await post(articleId, { authorName: 'ت', content: 'پاسخ', parentId: pendingId, ...solved() })).statusCode).toBe(400);
    expect((await post(articleId, { authorName: 'ت', content: 'پاسخ', parentId: 999999, ...solved() })).statusCode).toBe(400);
    // A parent id is a number: `true`, "12" or [12] are not read as one.
    for (const parentId of [true, String(elsewhereId), [elsewhereId]]) {
      const odd = await post(articleId, { authorName: 'ث', content: 'پاسخ', parentId, ...solved() });
      expect(odd.statusCode).toBe(400);
      expect(odd.json()).toMatchObject({ message: 'شناسه نظر باید عدد باشد' });
    }
  });

  it('lists comments oldest first', async () => {
    const list = (await publicList()).comments;
    const times = list.map((c) => Date.parse(c.createdAt as string));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe('moderation API', () => {
  it('requires an admin session and the CSRF token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/comments' })).statusCode).toBe(401);
    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/admin/comments/1/approve', headers: { cookie: admin.cookie } });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('lists every comment with its article title, email, nested replies and stats', async () => {
    const res = await asAdmin('GET', '/api/admin/comments');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { comments: Array<{ id: number; author: string; email: string | null; articleTitle: string; isApproved: boolean; replies: Array<{ replies: unknown[] }> }>; stats: { total: number; pending: number; approved: number } };
    const rows = await t.database.db.select().from(comments);
    expect(body.stats).toEqual({
      total: rows.length,
      approved: rows.filter((r) => r.isApproved).length,
      pending: rows.filter((r) => !r.isApproved).length,
    });
    const reza = body.comments.find((c) => c.author === 'رضا');
    expect(reza).toMatchObject({ email: 'reza@example.com', articleTitle: 'خبر با نظرها', isApproved: true });
    const thread = body.comments.find((c) => c.replies.length > 0 && c.replies[0].replies.length > 0);
    expect(thread).toBeDefined();
    const pendingOnly = (await asAdmin('GET', '/api/admin/comments?status=pending')).json() as { comments: Array<{ isApproved: boolean }> };
    expect(pendingOnly.comments.length).toBeGreaterThan(0);
    expect(pendingOnly.comments.every((c) => !c.isApproved)).toBe(true);
  });

  it('approves and deletes in bulk; deleting a comment deletes its replies', async () => {
    const make = async (content: string, parentId?: number) =>
      ((await post(articleId, { authorName: 'دسته', content, parentId, ...solved() })).json() as { comment: { id: number } }).comment.id;
    const a = await make('الف');
    const b = await make('ب');
    const approved = await asAdmin('POST', '/api/admin/comments/bulk', { action: 'approve', commentIds: [a, b] });
    expect(approved.json()).toMatchObject({ success: true, affected: 2 });
    const reply = await make('پاسخ به الف', a);
    await approve(reply);
    const nested = await make('پاسخ به پاسخ', reply);
    expect((await asAdmin('POST', '/api/admin/comments/bulk', { action: 'delete', commentIds: [a] })).statusCode).toBe(400);

    const single = await asAdmin('DELETE', `/api/admin/comments/${a}`);
    expect(single.json()).toMatchObject({ success: true, affected: 3 });
    const left = await t.database.db.select({ id: comments.id }).from(comments);
    expect(left.map((r) => r.id)).not.toContain(reply);
    expect(left.map((r) => r.id)).not.toContain(nested);
    expect((await publicList()).comments.map((c) => c.id)).not.toContain(a);

    const bulk = await asAdmin('DELETE', '/api/admin/comments/bulk', { action: 'delete', commentIds: [b] });
    expect(bulk.json()).toMatchObject({ success: true, affected: 1 });
    expect((await asAdmin('DELETE', `/api/admin/comments/${b}`)).statusCode).toBe(404);
    expect((await approve(b)).statusCode).toBe(404);
    expect((await asAdmin('POST', '/api/admin/comments/bulk', { action: 'approve', commentIds: [] })).statusCode).toBe(400);
  });

  it('a bulk approve names what it changed, and its undo takes back only those approvals', async () => {
    const make = async (content: string) =>
      ((await post(articleId, { authorName: 'گروهی', content, ...solved() })).json() as { comment: { id: number } }).comment.id;
    const before = await make('از پیش تأییدشده');
    await approve(before);
    const [a, b] = [await make('نظر اول گروه'), await make('نظر دوم گروه')];
    const gone = 2_000_000;

    const approved = await asAdmin('POST', '/api/admin/comments/bulk', { action: 'approve', commentIds: [a, b, before, gone] });
    expect(approved.json()).toEqual({
      success: true, affected: 2, changedIds: [a, b],
      message: '۲ نظر تأیید شد؛ ۱ نظر دیگر از پیش تأیید شده بود؛ ۱ نظر انتخاب‌شده پیدا نشد',
    });
    expect((await publicList()).comments.map((c) => c.id)).toEqual(expect.arrayContaining([a, b, before]));

    // The toast's «بازگرداندن» sends back the ids the approve changed: the one approved before stays.
    const undone = await asAdmin('POST', '/api/admin/comments/bulk', { action: 'unapprove', commentIds: [a, b] });
    expect(undone.json()).toEqual({ success: true, affected: 2, changedIds: [a, b], message: 'تأیید ۲ نظر برداشته شد؛ تا تأیید دوباره روی سایت دیده نمی‌شوند' });
    const shown = (await publicList()).comments.map((c) => c.id);
    expect(shown).toContain(before);
    expect(shown).not.toContain(a);
    expect(shown).not.toContain(b);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'comment.bulk')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit[0].details).toMatchObject({ unapprove: true });

    expect((await asAdmin('POST', '/api/admin/comments/bulk', { action: 'unapprove', commentIds: [a, b] })).json())
      .toMatchObject({ affected: 0, changedIds: [], message: 'هیچ نظری تغییر نکرد؛ هر ۲ نظر از پیش در انتظار تأیید بودند' });
    await approve(a);
    expect((await asAdmin('POST', '/api/admin/comments/bulk', { action: 'unapprove', commentIds: [a] })).json())
      .toMatchObject({ affected: 1, message: 'تأیید ۱ نظر برداشته شد؛ تا تأیید دوباره روی سایت دیده نمی‌شود' });
    const none = await asAdmin('POST', '/api/admin/comments/bulk', { action: 'approve', commentIds: [gone] });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ message: 'هیچ‌یک از نظرهای انتخاب‌شده پیدا نشد؛ شاید پیش‌تر حذف شده باشند. فهرست را دوباره بارگذاری کنید' });
    expect((await asAdmin('POST', '/api/admin/comments/bulk', { action: 'feature', commentIds: [a] })).json()).toMatchObject({ message: 'عملیات نامعتبر است' });
    // Ids are numbers in the body: `true`, "12" or [12] change nothing, in any of the bulk actions.
    for (const odd of [[true], [String(a)], [[a]]]) {
      for (const [method, url, action] of [['POST', '/api/admin/comments/bulk', 'approve'], ['DELETE', '/api/admin/comments/bulk', 'delete'], ['POST', '/api/admin/comments/restore', undefined]] as const) {
        const res = await asAdmin(method, url, { action, commentIds: odd });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(odd)}`).toBe(400);
        expect(res.json()).toMatchObject({ message: 'شناسه نظر باید عدد باشد' });
      }
    }
    expect((await t.database.db.select({ isApproved: comments.isApproved }).from(comments).where(eq(comments.id, a)))[0]).toEqual({ isApproved: false });

    // A delete says which chosen ids it did not find, and one that finds none is a 404, not «۰ نظر حذف شد».
    expect((await asAdmin('DELETE', '/api/admin/comments/bulk', { action: 'delete', commentIds: [b, gone] })).json())
      .toEqual({ success: true, affected: 1, deletedIds: [b], message: '۱ نظر حذف شد؛ ۱ نظر انتخاب‌شده پیدا نشد' });
    const noneDeleted = await asAdmin('DELETE', '/api/admin/comments/bulk', { action: 'delete', commentIds: [b, gone] });
    expect(noneDeleted.statusCode).toBe(404);
    expect(noneDeleted.json()).toMatchObject({ message: 'هیچ‌یک از نظرهای انتخاب‌شده پیدا نشد؛ شاید پیش‌تر حذف شده باشند. فهرست را دوباره بارگذاری کنید' });
  });

  it('a delete is kept and undone: the comments and their replies come back as they were, under their own ids', async () => {
    const make = async (content: string, parentId?: number) =>
      ((await post(articleId, { authorName: 'بازگشت', content, parentId, ...solved() })).json() as { comment: { id: number } }).comment.id;
    const root = await make('نظری که به اشتباه حذف شد');
    await approve(root);
    const reply = await make('پاسخی که منتظر تأیید است', root);
    const other = await make('نظر دیگری در همان حذف');
    const before = await t.database.db.select().from(comments).where(inArray(comments.id, [root, reply, other])).orderBy(comments.id);

    const deleted = await asAdmin('DELETE', '/api/admin/comments/bulk', { action: 'delete', commentIds: [root, other] });
    expect(deleted.json()).toMatchObject({ success: true, affected: 3 });
    const deletedIds = (deleted.json() as { deletedIds: number[] }).deletedIds;
    expect([...deletedIds].sort((x, y) => x - y)).toEqual([root, reply, other]);
    expect(await t.database.db.select().from(comments).where(inArray(comments.id, deletedIds))).toEqual([]);
    expect(await t.database.db.select({ id: deletedComments.commentId, by: deletedComments.deletedBy }).from(deletedComments).where(inArray(deletedComments.commentId, deletedIds)).orderBy(deletedComments.commentId))
      .toEqual([root, reply, other].map((id) => ({ id, by: 'admin' })));

    // Listed among the deleted comments until restored or purged, newest delete first.
    const kept = (await asAdmin('GET', '/api/admin/comments/deleted')).json() as DeletedCommentsResponse;
    expect(kept.retentionDays).toBe(30);
    expect(kept.total).toBeGreaterThanOrEqual(3);
    const entry = kept.comments.find((c) => c.id === reply)!;
    expect(entry).toMatchObject({ author: 'بازگشت', content: 'پاسخی که منتظر تأیید است', articleId, articleTitle: 'خبر با نظرها', parentId: root, isApproved: false, deletedBy: 'admin' });
    expect(Date.parse(entry.purgeAt) - Date.parse(entry.deletedAt)).toBe(30 * 86_400_000);
    expect(Date.parse(entry.createdAt)).toBe(before.find((c) => c.id === reply)!.createdAt.getTime());
    expect((await asAdmin('GET', '/api/admin/comments/deleted?limit=0')).statusCode).toBe(400);

    const restored = await asAdmin('POST', '/api/admin/comments/restore', { commentIds: deletedIds });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ success: true, affected: 3, message: '۳ نظر بازگردانده شد' });
    expect(await t.database.db.select().from(comments).where(inArray(comments.id, [root, reply, other])).orderBy(comments.id)).toEqual(before);
    expect(await t.database.db.select().from(deletedComments).where(inArray(deletedComments.commentId, deletedIds))).toEqual([]);
    const left = (await asAdmin('GET', '/api/admin/comments/deleted')).json() as DeletedCommentsResponse;
    expect(left.comments.map((c) => c.id)).not.toContain(root);
    const shown = (await publicList()).comments.find((c) => c.id === root);
    expect(shown?.content).toBe('نظری که به اشتباه حذف شد');

    // Nothing left to restore, and bad input, are Persian 4xx answers that change nothing.
    const again = await asAdmin('POST', '/api/admin/comments/restore', { commentIds: deletedIds });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('نظرهای حذف‌شده برای بازگرداندن پیدا نشد');
    for (const payload of [{ commentIds: [] }, { commentIds: ['x'] }, {}]) {
      const bad = await asAdmin('POST', '/api/admin/comments/restore', payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('restoring a reply brings back the deleted comments above it, so the public thread shows it', async () => {
    const make = async (content: string, parentId?: number) =>
      ((await post(articleId, { authorName: 'رشته', content, parentId, ...solved() })).json() as { comment: { id: number } }).comment.id;
    const root = await make('نظر آغاز رشته');
    await approve(root);
    const reply = await make('پاسخ به آن', root);
    await approve(reply);
    const nested = await make('پاسخ به پاسخ', reply);
    await approve(nested);
    expect((await asAdmin('DELETE', `/api/admin/comments/${root}`)).json()).toMatchObject({ affected: 3 });

    const restored = await asAdmin('POST', '/api/admin/comments/restore', { commentIds: [nested] });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ success: true, affected: 3, message: '۱ نظر بازگردانده شد، همراه ۲ نظری که پاسخ‌ها زیر آن بودند' });
    const thread = (await publicList()).comments.find((c) => c.id === root) as { replies?: Array<{ id: number; replies?: Array<{ id: number }> }> } | undefined;
    expect(thread?.replies?.find((r) => r.id === reply)?.replies?.map((r) => r.id)).toEqual([nested]);
    expect(await t.database.db.select().from(deletedComments).where(inArray(deletedComments.commentId, [root, reply, nested]))).toEqual([]);
  });

  it('the daily purge removes deleted comments kept past the retention', async () => {
    const id = ((await post(articleId, { authorName: 'قدیمی', content: 'نظر کهنه', ...solved() })).json() as { comment: { id: number } }).comment.id;
    await asAdmin('DELETE', `/api/admin/comments/${id}`);
    expect(await commentRepo.purgeDeleted(t.database.db, new Date(Date.now() - 86_400_000))).toBe(0);
    expect(await commentRepo.purgeDeleted(t.database.db, new Date(Date.now() + 1000))).toBeGreaterThanOrEqual(1);
    expect((await asAdmin('POST', '/api/admin/comments/restore', { commentIds: [id] })).statusCode).toBe(404);
  });
});
