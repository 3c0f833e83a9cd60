// Per-address limits count the client Fastify derives through the trusted proxies (TRUST_PROXY),
// an IPv6 client by its /64: a client that writes its own X-Forwarded-For entries, or rotates
// through the addresses of its network, is still one client.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { comments, loginAttempts } from '@chapar/db';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../testing/test-app.ts';
import { createArticle } from '../../testing/factories.ts';
import { issueCaptcha } from '../modules/comments/captcha.ts';
import { ADDRESS_BUDGETS } from '../modules/comments/service.ts';
import { MAX_FAILURES_PER_IP } from '../modules/auth/login-limits.ts';

// These tests count checks, not hashes: each of their dozens of checks costs milliseconds.
vi.mock('../modules/auth/password.ts', async (importOriginal) => (await import('../../testing/cheap-passwords.ts')).cheapPasswords(await importOriginal()));

const LIMIT_MESSAGE = /^تلاش‌های ناموفق زیادی انجام شده است\./;

interface Answer { statusCode: number; json(): unknown }
const counted = (answers: Answer[]) => ({
  checked: answers.filter((a) => a.statusCode === 401).length,
  refused: answers.filter((a) => a.statusCode === 429 && LIMIT_MESSAGE.test((a.json() as { message: string }).message)).length,
});

/** Logins one after another (each is checked or refused by the limits, never by the queue). */
async function logins(t: TestApp, count: number, from: (i: number) => { remoteAddress: string; headers?: Record<string, string> }): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i++) {
    const { remoteAddress, headers } = from(i);
    answers.push(await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: `someone-${i}`, password: 'guess' }, remoteAddress, headers }));
  }
  return answers;
}

describe('behind one proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp({ config: { trustProxy: { hops: 1 } } }); });
  afterAll(async () => { await t?.close(); });

  it('limits 30 logins with 30 forged left-most addresses as the one address the proxy saw', async () => {
    const answers = await logins(t, 30, (i) => ({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` } }));
    expect(counted(answers)).toEqual({ checked: MAX_FAILURES_PER_IP, refused: 30 - MAX_FAILURES_PER_IP });
    const rows = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.ip, '203.0.113.7'));
    expect(rows).toHaveLength(MAX_FAILURES_PER_IP);
    // Another client behind the same proxy is not affected.
    const neighbour = await logins(t, 1, () => ({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.8' } }));
    expect(neighbour[0].statusCode).toBe(401);
  });

  it('counts the comments of one client with forged left-most addresses against its one budget', async () => {
    const articleId = (await createArticle(t.database, { title: 'خبر پشت پراکسی' })).id;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const c = issueCaptcha(t.config.sessionSecret, Date.now() - 5_000);
      const res = await t.app.inject({
        method: 'POST', url: `/api/articles/${articleId}/comments`, remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `192.0.2.${i}, 203.0.113.20`, 'x-session-id': `forger-${i}-abcdef` },
        payload: { authorName: 'جعل', content: `نظر ${i}`, captchaToken: c.token, captchaAnswer: String(c.answer) },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(ADDRESS_BUDGETS[0].max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - ADDRESS_BUDGETS[0].max);
    expect(await t.database.db.select().from(comments).where(eq(comments.authorName, 'جعل'))).toHaveLength(ADDRESS_BUDGETS[0].max);
  });
});

describe('behind named proxies (TRUST_PROXY=127.0.0.1,10.0.0.0/8)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp({ config: { trustProxy: { addresses: ['127.0.0.1', '10.0.0.0/8'] } } }); });
  afterAll(async () => { await t?.close(); });

  it('takes the address the nearest untrusted hop was seen from, through a chain of trusted proxies', async () => {
    const answers = await logins(t, 30, (i) => ({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.30, 10.1.2.3` } }));
    expect(counted(answers)).toEqual({ checked: MAX_FAILURES_PER_IP, refused: 30 - MAX_FAILURES_PER_IP });
    expect(await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.ip, '203.0.113.30'))).toHaveLength(MAX_FAILURES_PER_IP);
  });

  it('ignores X-Forwarded-For from a client that is not one of the proxies', async () => {
    const answers = await logins(t, 30, (i) => ({ remoteAddress: '198.51.100.200', headers: { 'x-forwarded-for': `192.0.2.${i}` } }));
    expect(counted(answers)).toEqual({ checked: MAX_FAILURES_PER_IP, refused: 30 - MAX_FAILURES_PER_IP });
    expect(await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.ip, '198.51.100.200'))).toHaveLength(MAX_FAILURES_PER_IP);
  });
});

describe('without a proxy (TRUST_PROXY unset)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('never reads X-Forwarded-For', async () => {
    const answers = await logins(t, 15, (i) => ({ remoteAddress: '198.51.100.50', headers: { 'x-forwarded-for': `192.0.2.${i}` } }));
    expect(counted(answers)).toEqual({ checked: MAX_FAILURES_PER_IP, refused: 15 - MAX_FAILURES_PER_IP });
  });

  it('limits 30 logins from 30 addresses of one IPv6 /64 like one address, and keeps its neighbours apart', async () => {
    const answers = await logins(t, 30, (i) => ({ remoteAddress: `2001:db8:77:1:${(i * 2039).toString(16)}::${i + 1}` }));
    expect(counted(answers)).toEqual({ checked: MAX_FAILURES_PER_IP, refused: 30 - MAX_FAILURES_PER_IP });
    expect(await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.ip, '2001:db8:77:1::/64'))).toHaveLength(MAX_FAILURES_PER_IP);
    // The next /64 is another subscriber.
    const next = await logins(t, 1, () => ({ remoteAddress: '2001:db8:77:2::1' }));
    expect(next[0].statusCode).toBe(401);
    // The owner, from an IPv4-mapped address, is unaffected, and the session keeps the address it came from.
    const owner = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN, remoteAddress: '::ffff:192.0.2.99' });
    expect(owner.statusCode).toBe(200);
    expect(await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.ip, '192.0.2.99'))).toHaveLength(1);
  });
});
