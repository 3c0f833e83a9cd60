import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newsletterSignups, newsletterSubscribers } from '@chapar/db';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { SIGNUP_CLIENT_BUDGETS } from './service.ts';

// No SMTP here: signups are recorded and wait for a mail service (newsletter-mail.test.ts sends).
let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

let nextAddress = 1;
/** Each test signs up from its own client address, so the per-address limit counts it alone. */
const client = () => `198.51.100.${nextAddress++}`;
const subscribe = (payload: unknown, remoteAddress = client()) => t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: payload as object, remoteAddress });
const subscribers = () => t.database.db.select().from(newsletterSubscribers);
const signupsOf = (email: string) => t.database.db.select().from(newsletterSignups).where(eq(newsletterSignups.email, email));

describe('POST /api/newsletter/subscribe', () => {
  it('records the signup as waiting for its confirmation; nobody is subscribed yet', async () => {
    const res = await subscribe({ email: 'Reader@Example.com', name: 'مریم' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, alreadySubscribed: false, pending: true, confirmationMailed: false, message: expect.stringContaining('ایمیل تأیید') });
    expect(await subscribers()).toHaveLength(0);
    const [signup] = await signupsOf('Reader@Example.com');
    // No mail service is configured: the mail waits for one.
    expect(signup).toMatchObject({ name: 'مریم', source: 'website', mailStatus: 'unsent', confirmedAt: null });
    expect(signup.clientHash).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers a known address exactly as a new one, and changes nothing about its subscriber', async () => {
    const [known] = await t.database.db.insert(newsletterSubscribers)
      .values({ email: 'known@example.com', name: 'نام اصلی', isActive: false, confirmedAt: new Date('2026-01-01T00:00:00Z') }).returning();
    const again = await subscribe({ email: 'KNOWN@example.com', name: 'نام دیگر' });
    const fresh = await subscribe({ email: 'fresh@example.com', name: 'نام دیگر' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(fresh.json());
    expect(again.json()).toMatchObject({ alreadySubscribed: false, pending: true });
    const [after] = await t.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, known.id));
    // The name is not overwritten and an address the admin switched off stays off.
    expect(after).toEqual(known);
  });

  it('500 signups from one address in a moment: a few are taken, the rest answer 429 with a Persian message', async () => {
    const address = client();
    const answers = [];
    for (let i = 0; i < 500; i++) answers.push(await subscribe({ email: `flood${i}@example.com` }, address));
    const accepted = answers.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(3);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(497);
    expect(refused[0].json()).toMatchObject({ error: 'rate_limited', message: expect.stringMatching(/درخواست‌های عضویت زیادی/) });
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    const stored = await t.database.db.select().from(newsletterSignups);
    expect(stored.filter((s) => s.email.startsWith('flood'))).toHaveLength(3);
    // Another address is not held back by it.
    expect((await subscribe({ email: 'neighbour@example.com' })).statusCode).toBe(200);
  }, 60_000);

  it('stores the name without direction overrides or control characters', async () => {
    const res = await subscribe({ email: 'bidi-test@example.com', name: '\u202eعلی\u0007\u001b[31m =cmd|x' });
    expect(res.statusCode, res.body).toBe(200);
    const [signup] = await signupsOf('bidi-test@example.com');
    expect(signup.name).toBe('علی[31m =cmd|x');
  });

  it('never asks an address to wait longer than the window', async () => {
    const address = client();
    expect((await subscribe({ email: 'first-of-three@example.com' }, address)).statusCode).toBe(200);
    const [first] = await signupsOf('first-of-three@example.com');
    // Requests read the clock before they wait for the lock, so one sent a moment later can
    // store its signup first, stamped after the waiting request's clock.
    const later = new Date(Date.now() + 3_000);
    await t.database.db.update(newsletterSignups).set({ createdAt: later }).where(eq(newsletterSignups.id, first.id));
    await t.database.db.insert(newsletterSignups).values(['second', 'third'].map((n) => ({
      email: `${n}-of-three@example.com`, source: 'website', clientHash: first.clientHash, mailStatus: 'unsent', createdAt: later,
    })));
    const refused = await subscribe({ email: 'fourth@example.com' }, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(SIGNUP_CLIENT_BUDGETS[0].windowMs / 1000);
  });

  it.each([{ email: 'no-at-sign' }, { email: '' }, {}, { email: 42 }, { email: 'a@b.c', name: 'x'.repeat(500) }, { email: 'a@b.c', name: '\u202e\u200b' }])('rejects %j with 400 and changes nothing', async (payload) => {
    const before = (await t.database.db.select().from(newsletterSignups)).length;
    const res = await subscribe(payload);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toMatch(/[\u0600-\u06ff]/);
    expect(await t.database.db.select().from(newsletterSignups)).toHaveLength(before);
  });
});

describe('the mail links without a valid token', () => {
  it.each(['/newsletter/confirm', '/newsletter/confirm?token=1.AAAAAAAAAAAAAAAAAAAAAA', '/newsletter/unsubscribe?token=bad'])('%s answers a Persian page saying the link is not valid', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<html lang="fa" dir="rtl">');
    expect(res.body).toMatch(/پیوند (تأیید|لغو عضویت) معتبر نیست/);
  });

  it('a one-click unsubscribe with a forged token is a 404 and changes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/newsletter/unsubscribe?token=1.AAAAAAAAAAAAAAAAAAAAAA',
      headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found', message: 'پیوند لغو عضویت معتبر نیست' });
  });
});
