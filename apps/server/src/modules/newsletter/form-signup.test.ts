import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newsletterSignups, newsletterSubscribers } from '@chapar/db';
import { NEWSLETTER_MESSAGES } from '@chapar/shared/contracts';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { answerLocation } from './form-signup.ts';

// POST /newsletter/subscribe: the sidebar box's and the footer's plain form, for readers whose
// page has no script (yet). No SMTP here: signups wait for a mail service, as in newsletter.test.ts, so the marker
// says the signup is recorded, not that a mail was sent (newsletter-mail.test.ts has the mailed answer).
let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

const FORM = 'application/x-www-form-urlencoded';
let nextAddress = 1;
/** Each test posts from its own client address, so the per-address limit counts it alone. */
const client = () => `203.0.113.${nextAddress++}`;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function post(payload: string, { referer, url = '/newsletter/subscribe', headers = {}, remoteAddress = client(), contentType = FORM }: {
  referer?: string; url?: string; headers?: Record<string, string>; remoteAddress?: string; contentType?: string;
} = {}) {
  return t.app.inject({
    method: 'POST', url, remoteAddress, payload,
    headers: { 'content-type': contentType, ...(referer ? { referer } : {}), ...headers },
  });
}
const signupsOf = (email: string) => t.database.db.select().from(newsletterSignups).where(eq(newsletterSignups.email, email));
const signupCount = async () => (await t.database.db.select().from(newsletterSignups)).length;

describe('POST /newsletter/subscribe (the form without JavaScript)', () => {
  it('signs up as the JSON route does (waiting for confirmation) and sends the reader back to the page with the marker', async () => {
    const res = await post(form({ email: ' Form.Reader@Example.com ', name: 'مریم' }), { referer: 'http://localhost/?page=2' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/?page=2&newsletter=recorded#newsletter');
    expect(res.headers['cache-control']).toBe('no-store');
    const [signup] = await signupsOf('Form.Reader@Example.com');
    expect(signup).toMatchObject({ name: 'مریم', source: 'website', mailStatus: 'unsent', confirmedAt: null });
    expect(signup.clientHash).toMatch(/^[0-9a-f]{32}$/);
    // Double opt-in: nobody is a subscriber until the mailed link is followed.
    expect(await t.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'Form.Reader@Example.com'))).toHaveLength(0);
  });

  it('an empty name is no name', async () => {
    await post(form({ email: 'no-name@example.com', name: '' }), { referer: 'http://localhost/' });
    expect((await signupsOf('no-name@example.com'))[0]).toMatchObject({ name: null });
  });

  it("answers the footer's form on the page it was sent from, with the footer's marker and anchor", async () => {
    const res = await post(form({ email: 'footer@example.com' }), { url: '/newsletter/subscribe?from=footer', referer: 'http://localhost/article/some-title-12?x=1&newsletter=footer-invalid' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/article/some-title-12?x=1&newsletter=footer-recorded#footer-newsletter');
    expect(await signupsOf('footer@example.com')).toHaveLength(1);
  });

  it.each([
    ['an email without an at-sign', form({ email: 'not-an-email' })],
    ['an empty email', form({ email: '', name: 'x' })],
    ['no email', form({ name: 'مریم' })],
    ['a name too long', form({ email: 'long-name@example.com', name: 'x'.repeat(500) })],
    ['a NUL in the email', form({ email: 'nul\u0000@example.com' })],
    ['an empty body', ''],
  ])('%s: 303 with the error marker, nothing stored', async (_label, payload) => {
    const before = await signupCount();
    const res = await post(payload, { referer: 'http://localhost/' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/?newsletter=invalid#newsletter');
    expect(await signupCount()).toBe(before);
  });

  it.each([
    ['a body over 8 KB', form({ email: 'big@example.com', name: 'x'.repeat(9_000) }), FORM],
    ['a multipart body', '--zz\r\nContent-Disposition: form-data; name="email"\r\n\r\nmulti@example.com\r\n--zz--', 'multipart/form-data; boundary=zz'],
    ['a text body', 'email=text@example.com', 'text/plain'],
    ['a JSON body with a bad email', JSON.stringify({ email: 'nope' }), 'application/json'],
  ])('%s: 303 with the error marker (never a JSON error or a 500), nothing stored', async (_label, payload, contentType) => {
    const before = await signupCount();
    const res = await post(payload, { referer: 'http://localhost/', contentType });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/?newsletter=invalid#newsletter');
    expect(await signupCount()).toBe(before);
  });

  it.each([
    'https://evil.example/?newsletter=sent',
    'http://localhost.evil.example/page',
    'http://localhost//evil.example/x',
    'http://localhost/\\evil.example',
    'http://user:pass@localhost/',
    'javascript:alert(1)',
    '/relative/path',
    'http://localhost/api/articles',
    'http://localhost/admin',
    'not a url',
  ])('a Referer that is not a page of this site (%s) sends the reader to /', async (referer) => {
    const res = await post(form({ email: `referer-${nextAddress}@example.com` }), { referer });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/?newsletter=recorded#newsletter');
  });

  it('without a Referer the reader goes to /', async () => {
    const res = await post(form({ email: 'no-referer@example.com' }));
    expect(res.headers.location).toBe('/?newsletter=recorded#newsletter');
  });

  it('takes the configured public address as this site too', () => {
    const hosts = new Set(['news.example.com']);
    expect(answerLocation('https://news.example.com/category/politics', hosts, 'box', 'busy')).toBe('/category/politics?newsletter=busy#newsletter');
    expect(answerLocation('https://news.example.com.evil.example/', hosts, 'footer', 'failed')).toBe('/?newsletter=footer-failed#footer-newsletter');
  });

  it.each<Record<string, string>>([
    { origin: 'https://evil.example' },
    { 'sec-fetch-site': 'cross-site' },
  ])('a browser POST from another site (%j) signs nobody up', async (headers) => {
    const res = await post(form({ email: 'victim@example.com' }), { referer: 'https://evil.example/', headers });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/?newsletter=failed#newsletter');
    expect(await signupsOf('victim@example.com')).toHaveLength(0);
  });

  it('a same-site POST with its Origin and Sec-Fetch-Site headers is taken', async () => {
    const res = await post(form({ email: 'same-site@example.com' }), { referer: 'http://localhost/', headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' } });
    expect(res.headers.location).toBe('/?newsletter=recorded#newsletter');
    expect(await signupsOf('same-site@example.com')).toHaveLength(1);
  });

  it("shares the JSON route's per-client limit: past it the form answers the busy marker and stores nothing", async () => {
    const address = client();
    for (let i = 0; i < 2; i++) {
      const json = await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: `budget${i}@example.com` }, remoteAddress: address });
      expect(json.statusCode).toBe(200);
    }
    expect((await post(form({ email: 'budget2@example.com' }), { referer: 'http://localhost/', remoteAddress: address })).headers.location).toBe('/?newsletter=recorded#newsletter');
    const refused = await post(form({ email: 'budget3@example.com' }), { referer: 'http://localhost/', remoteAddress: address });
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe('/?newsletter=busy#newsletter');
    expect(await signupsOf('budget3@example.com')).toHaveLength(0);
  });
});

describe('POST /api/newsletter/subscribe is unchanged', () => {
  it('answers JSON as before', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'json@example.com', name: 'علی' }, remoteAddress: client() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, alreadySubscribed: false, pending: true, confirmationMailed: false, message: NEWSLETTER_MESSAGES.waitingNoMail });
    const bad = await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'nope' }, remoteAddress: client() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: expect.any(String), message: expect.stringMatching(/[\u0600-\u06ff]/) });
  });

  it('still refuses a form body (the form parser is the form route’s alone)', async () => {
    const before = await signupCount();
    const res = await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', headers: { 'content-type': FORM }, payload: form({ email: 'api-form@example.com' }), remoteAddress: client() });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.stringMatching(/[\u0600-\u06ff]/) });
    expect(await signupCount()).toBe(before);
  });
});
