// A garbled confirmation or unsubscribe link (cut, doubled, mangled by a mail client) gets the
// Persian page an unknown token gets, never the API's JSON and never a 500; the one-click API
// answers its Persian JSON error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newsletterSubscribers } from '@chapar/db';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { unsubscribeToken } from './unsubscribe.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

const PAGES = [
  ['/newsletter/confirm', 'پیوند تأیید معتبر نیست'],
  ['/newsletter/unsubscribe', 'پیوند لغو عضویت معتبر نیست'],
] as const;

/** Query strings a link should never have; each names no signup, as an unknown token does. */
const GARBLED_QUERIES = [
  ['a token of 150 characters', `?token=${'A'.repeat(150)}`],
  ['two tokens', '?token=a&token=b'],
  ['two well-formed tokens', '?token=1.AAAAAAAAAAAAAAAAAAAAAA&token=2.AAAAAAAAAAAAAAAAAAAAAA'],
  ['a token with markup and quotes', '?token=1.%3Cscript%3E%22%27AAAAAAAAAAAAAAA'],
  ['a token in Persian letters and digits', `?token=${encodeURIComponent('۱.سلام')}`],
  ['a cut percent-escape', '?token=1.AAAA%E0%A4%A'],
  ['a bare percent sign', '?token=%'],
  ['an encoded lone surrogate', '?token=%ED%A0%80'],
  ['a token written as a list', '?token[]=a&token[]=b'],
  ['a token of spaces', '?token=%20%20%20'],
] as const;

function expectPage(res: { statusCode: number; headers: Record<string, unknown>; body: string }, title: string, status: number) {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.body).toContain('<html lang="fa" dir="rtl">');
  expect(res.body).toContain(title);
  expect(res.body).not.toContain('validation_error');
  expect(res.body).not.toContain('"error":');
}

describe('a garbled link opened in a browser', () => {
  for (const [path, title] of PAGES) {
    it.each(GARBLED_QUERIES)(`GET ${path} with %s answers the Persian not-valid page, 404`, async (_label, query) => {
      expectPage(await t.app.inject({ method: 'GET', url: `${path}${query}` }), title, 404);
    });

    it.each(GARBLED_QUERIES)(`POST ${path} (the page's button) with %s answers the Persian not-valid page, 404`, async (_label, query) => {
      const res = await t.app.inject({ method: 'POST', url: `${path}${query}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      expectPage(res, title, 404);
    });

    it(`GET ${path} with a NUL in the token answers the same page, 404`, async () => {
      expectPage(await t.app.inject({ method: 'GET', url: `${path}?token=1.%00AAAAAAAAAAAAAAAAAAAAA` }), title, 404);
    });

    it.each([
      ['a form token of 150 characters', 'application/x-www-form-urlencoded', `token=${'A'.repeat(150)}`, 404],
      ['a form token with bad characters', 'application/x-www-form-urlencoded', 'token=%3Cb%3E%22x%22', 404],
      ['a form token holding a NUL', 'application/x-www-form-urlencoded', 'token=a%00b', 404],
      ['a JSON token list', 'application/json', '{"token":["a","b"]}', 404],
      ['a JSON token number', 'application/json', '{"token":5}', 404],
      ['a JSON body that is not an object', 'application/json', '"token"', 404],
      ['broken JSON', 'application/json', '{"token":', 404],
      ['a plain-text body', 'text/plain', 'token=abc', 404],
      ['a body of an unknown type', 'application/xml', '<token>a</token>', 404],
      ['a form too large', 'application/x-www-form-urlencoded', `token=${'A'.repeat(9000)}`, 404],
    ] as const)(`POST ${path} with %s answers the same page`, async (_label, type, payload, status) => {
      const res = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': type }, payload });
      expectPage(res, title, status);
    });
  }

  it('a doubled genuine unsubscribe token unsubscribes nobody; the single token still works', async () => {
    const [row] = await t.database.db.insert(newsletterSubscribers).values({ email: 'doubled@example.com', confirmedAt: new Date() }).returning();
    const token = unsubscribeToken(t.config.sessionSecret, row);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const doubled = await t.app.inject({ method: 'POST', url: `/newsletter/unsubscribe?token=${token}&token=${token}`, headers: form, payload: '' });
    expectPage(doubled, 'پیوند لغو عضویت معتبر نیست', 404);
    const [still] = await t.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, row.id));
    expect(still).toMatchObject({ isActive: true, unsubscribedAt: null });

    const single = await t.app.inject({ method: 'POST', url: `/newsletter/unsubscribe?token=${token}`, headers: form, payload: '' });
    expect(single.statusCode).toBe(200);
    expect(single.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(single.body).toContain('عضویت شما لغو شد');
    const [after] = await t.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, row.id));
    expect(after).toMatchObject({ isActive: false });
  });
});

describe('a garbled one-click unsubscribe (POST /api/newsletter/unsubscribe)', () => {
  const oneClick = (query: string, payload = 'List-Unsubscribe=One-Click', type = 'application/x-www-form-urlencoded') =>
    t.app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe${query}`, headers: { 'content-type': type }, payload });

  it.each(GARBLED_QUERIES)('with %s answers the Persian JSON 404 of an unknown token', async (_label, query) => {
    const res = await oneClick(query);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: 'not_found', message: 'پیوند لغو عضویت معتبر نیست' });
  });

  it('with a token list in a JSON body answers the same', async () => {
    const res = await oneClick('', '{"token":["a","b"]}', 'application/json');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'پیوند لغو عضویت معتبر نیست' });
  });

  it('with a NUL in the token answers a Persian JSON 400', async () => {
    const res = await oneClick('?token=1.%00AAAAAAAAAAAAAAAAAAAAA');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect((res.json() as { message: string }).message).toMatch(/[\u0600-\u06ff]/);
  });
});
