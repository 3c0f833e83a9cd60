import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '@chapar/db';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

const subscribe = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: payload as object });

describe('POST /api/newsletter/subscribe', () => {
  it('stores the email and the optional name', async () => {
    const res = await subscribe({ email: 'Reader@Example.com', name: 'مریم' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, alreadySubscribed: false });
    const rows = await t.database.db.select().from(newsletterSubscribers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'Reader@Example.com', name: 'مریم', isActive: true, source: 'website' });
  });

  it('subscribing again in any letter case makes no second row and answers kindly', async () => {
    const res = await subscribe({ email: 'reader@EXAMPLE.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, alreadySubscribed: true });
    expect((res.json() as { message: string }).message).toContain('پیش‌تر');
    expect(await t.database.db.select().from(newsletterSubscribers)).toHaveLength(1);
  });

  it.each([{ email: 'no-at-sign' }, { email: '' }, {}, { email: 42 }, { email: 'a@b.c', name: 'x'.repeat(500) }])('rejects %j with 400 and changes nothing', async (payload) => {
    const res = await subscribe(payload);
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.select().from(newsletterSubscribers)).toHaveLength(1);
  });
});
