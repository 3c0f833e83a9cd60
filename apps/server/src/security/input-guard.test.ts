// Text no column can hold (U+0000, lone UTF-16 surrogates) is refused by one hook for every
// route with 400 bad_request, before validation and long before the database; malformed
// percent-escapes in the path get the same {error, message} shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, newsletterSubscribers } from '@chapar/db';
import { charsetMessage, hasUnsafeText, INVALID_TEXT_MESSAGE } from '../plugins/input-guard.ts';
import { createArticle } from '../../testing/factories.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let articleId = 0;
beforeAll(async () => {
  t = await buildTestApp({ seed: async (database) => { articleId = (await createArticle(database)).id; } });
});
afterAll(async () => { await t?.close(); });

function expectRefused(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: 'bad_request', message: INVALID_TEXT_MESSAGE });
}

describe('hasUnsafeText', () => {
  it.each([
    ['a\u0000b', true], ['\uD800', true], ['x\uDC00', true], ['\uDBFF\uD800', true], ['😀', false], ['خبر\u200cها', false], ['', false],
  ])('%j → %s', (text, unsafe) => {
    expect(hasUnsafeText(text)).toBe(unsafe);
    expect(hasUnsafeText({ nested: [{ deeper: text }] })).toBe(unsafe);
    expect(hasUnsafeText({ [text]: 'key' })).toBe(unsafe && text !== '');
  });

  it('walks a 100,000-deep array without overflowing the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(hasUnsafeText(deep)).toBe(true);
  });
});

describe('NUL and lone surrogates answer 400 on every route', () => {
  it.each([
    '/api/articles?category=1%00',
    '/api/search/advanced?q=a%00b',
    '/api/search?q=%00',
    '/api/articles/1?x=%00',
  ])('GET %s', async (url) => {
    expectRefused(await t.app.inject({ method: 'GET', url }));
  });

  it('newsletter subscribe with a NUL or a lone surrogate in the name stores nothing', async () => {
    for (const name of ['مریم\u0000', 'مریم\uD83D']) {
      expectRefused(await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'reader@example.com', name } }));
    }
    expect(await t.database.db.select().from(newsletterSubscribers)).toHaveLength(0);
  });

  it('analytics track with a NUL in value or userAgent stores nothing', async () => {
    const base = { articleId, event: 'view' };
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/analytics/track', payload: { ...base, value: 'a\u0000' } }));
    // JSON's own escape reaches the parser as text: the hook sees the decoded NUL.
    expectRefused(await t.app.inject({
      method: 'POST', url: '/api/analytics/track', headers: { 'content-type': 'application/json' },
      payload: `{"articleId":${articleId},"event":"view","userAgent":"x\\u0000y"}`,
    }));
    expect(await t.database.db.select().from(analyticsEvents)).toHaveLength(0);
  });

  it('a NUL in a path parameter is refused too', async () => {
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/articles/1%00' }));
  });

  it('an object key with a NUL is refused', async () => {
    expectRefused(await t.app.inject({
      method: 'POST', url: '/api/newsletter/subscribe', headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@example.com","\\u0000":1}',
    }));
  });

  it('the same text without the bad character still works', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'reader@example.com', name: 'مریم 😀' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('a body in another charset', () => {
  const subscribe = (contentType: string, payload: string | Buffer) =>
    t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', headers: { 'content-type': contentType }, payload });

  it.each(['utf-16', 'UTF-16LE', 'iso-8859-1', '"windows-1256"', ''])('charset=%s answers 415 and stores nothing', async (charset) => {
    const json = JSON.stringify({ email: 'charset@example.com', name: 'مریم' });
    const res = await subscribe(`application/json; charset=${charset}`, charset.toLowerCase().includes('utf-16') ? Buffer.from(json, 'utf16le') : json);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'unsupported_media_type', message: charsetMessage(charset.replaceAll('"', '')) });
    expect(await t.database.db.select().from(newsletterSubscribers)).toHaveLength(0);
  });

  it('says the charset isolated from the Persian text', () => {
    expect(charsetMessage('utf-16')).toBe('نویسه‌گذاری \u2066utf-16\u2069 پشتیبانی نمی‌شود؛ بدنه را با \u2066UTF-8\u2069 بفرستید');
  });

  const readable = ['utf-8', 'UTF8', '"utf-8"', 'us-ascii'];
  it.each(readable)('charset=%s is read as it says', async (charset) => {
    const sessionId = `charset-${readable.indexOf(charset)}`;
    const res = await t.app.inject({
      method: 'POST', url: '/api/analytics/track', headers: { 'content-type': `application/json; charset=${charset}` },
      payload: JSON.stringify({ articleId, event: 'view', value: 'تلگرام', sessionId }),
    });
    expect(res.statusCode).toBe(202);
    const stored = await t.database.db.select().from(analyticsEvents);
    expect(stored.filter((row) => row.event === 'view' && row.value === 'تلگرام')).toHaveLength(readable.indexOf(charset) + 1);
  });
});

describe('malformed addresses', () => {
  it.each(['/api/articles/%E0%A4%A', '/api/articles/%ZZ', '/api/%'])('%s answers 400 with a Persian message and no echo', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string; message: string };
    expect(body.error).toBe('bad_request');
    expect(body.message).toMatch(/[\u0600-\u06FF]/);
    expect(body.message).not.toContain('%');
  });

  it('an API address with an empty segment answers 404 with the path isolated from the Persian text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin//users?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'مسیر \u2066GET /api/admin//users\u2069 یافت نشد' });
  });

  it('a parameter longer than the router allows answers 414 in the same shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/articles/${'9'.repeat(600)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: 'uri_too_long', message: 'نشانی درخواست بیش از حد طولانی است' });
  });
});
