import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '@chapar/db';
import type { AdminSubscribersResponse } from '@chapar/shared/contracts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { siteDayStart } from './admin-service.ts';
import { csvCell } from './csv.ts';

let t: TestApp;
let headers: Record<string, string>;
const ids: Record<string, number> = {};
const hour = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  headers = { cookie, 'x-csrf-token': csrfToken };
  const today = siteDayStart(new Date());
  const rows = await t.database.db.insert(newsletterSubscribers).values([
    { email: 'maryam@example.com', name: 'مریم رضایی', subscribedAt: new Date(today.getTime() + 60_000), confirmedAt: new Date(today.getTime() + 120_000) },
    { email: 'Ali.Karimi@Example.org', name: 'علی کریمی', isActive: false, subscribedAt: new Date(today.getTime() - 2 * hour) },
    { email: 'evil@example.com', name: '=HYPERLINK("http://x","click")', source: 'footer', subscribedAt: new Date(today.getTime() - 30 * hour) },
    { email: 'plain@example.net', name: null, subscribedAt: new Date(today.getTime() - 50 * hour) },
  ]).returning();
  for (const r of rows) ids[r.email] = r.id;
});
afterAll(async () => { await t?.close(); });

const get = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/newsletter/subscribers${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminSubscribersResponse;
};

describe('GET /api/admin/newsletter/subscribers', () => {
  it('needs an admin session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/newsletter/subscribers' })).statusCode).toBe(401);
  });

  it('lists newest first with the stats of spec 03 §3', async () => {
    const body = await get('?status=all&limit=100');
    // Only the confirmed, active address gets mail; nobody waits for a confirmation.
    expect(body.stats).toEqual({ total: 4, active: 3, inactive: 1, todaySubscriptions: 1, pending: 0, receiving: 1 });
    expect(body.matching).toBe(4);
    expect(body.subscribers.map((s) => s.email)).toEqual(['maryam@example.com', 'Ali.Karimi@Example.org', 'evil@example.com', 'plain@example.net']);
    expect(body.subscribers[0]).toMatchObject({ name: 'مریم رضایی', isActive: true, source: 'website' });
    expect(body.subscribers[2].source).toBe('footer');
    expect(body.subscribers[0].confirmedAt).toBe(new Date(siteDayStart(new Date()).getTime() + 120_000).toISOString());
    expect(body.subscribers.slice(1).map((x) => [x.confirmedAt, x.unsubscribedAt, x.bouncedAt])).toEqual([[null, null, null], [null, null, null], [null, null, null]]);
  });

  it('filters by status, searches email and name in any letter case, and pages with offset', async () => {
    expect((await get('?status=inactive')).subscribers.map((s) => s.email)).toEqual(['Ali.Karimi@Example.org']);
    expect((await get('?status=active')).subscribers).toHaveLength(3);
    expect((await get('?search=KARIMI')).subscribers.map((s) => s.email)).toEqual(['Ali.Karimi@Example.org']);
    expect((await get(`?search=${encodeURIComponent('مریم')}`)).subscribers.map((s) => s.email)).toEqual(['maryam@example.com']);
    expect((await get('?search=example.com&status=active')).subscribers.map((s) => s.email)).toEqual(['maryam@example.com', 'evil@example.com']);
    // LIKE wildcards are plain characters.
    expect((await get('?search=%25')).subscribers).toEqual([]);
    const page = await get('?limit=2&offset=2');
    expect(page.subscribers.map((s) => s.email)).toEqual(['evil@example.com', 'plain@example.net']);
    expect(page.matching).toBe(4);
  });

  it('answers bad parameters with 400', async () => {
    for (const q of ['?status=deleted', '?limit=0', '?limit=5000', '?offset=-1']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/newsletter/subscribers${q}`, headers });
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('PATCH and DELETE /api/admin/newsletter/subscribers/{id}', () => {
  const patch = (id: number, payload: unknown) => t.app.inject({ method: 'PATCH', url: `/api/admin/newsletter/subscribers/${id}`, headers, payload: payload as object });

  it('renames, clears a name, and toggles the status', async () => {
    const id = ids['plain@example.net'];
    const renamed = await patch(id, { name: '  سارا  ' });
    expect(renamed.json()).toMatchObject({ success: true, message: 'نام مشترک به‌روزرسانی شد', subscriber: { id, name: 'سارا', isActive: true } });
    expect((await patch(id, { name: '' })).json()).toMatchObject({ subscriber: { name: null } });
    expect((await patch(id, { isActive: false })).json()).toMatchObject({ message: 'مشترک غیرفعال شد', subscriber: { isActive: false } });
    expect((await get()).stats).toMatchObject({ active: 2, inactive: 2 });
    expect((await patch(id, { isActive: true })).json()).toMatchObject({ message: 'مشترک فعال شد', subscriber: { isActive: true } });
  });

  it('refuses an empty body, unknown fields, wrong types and unknown ids, changing nothing', async () => {
    const id = ids['maryam@example.com'];
    for (const body of [{}, { email: 'x@y.z' }, { isActive: 'yes' }, { name: 'ن'.repeat(121) }]) {
      const res = await patch(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(/[\u0600-\u06ff]/);
    }
    expect((await patch(999999, { name: 'کسی' })).statusCode).toBe(404);
    expect((await get('?search=maryam')).subscribers[0]).toMatchObject({ name: 'مریم رضایی', isActive: true });
    const noCsrf = await t.app.inject({ method: 'PATCH', url: `/api/admin/newsletter/subscribers/${id}`, headers: { cookie: headers.cookie }, payload: { name: 'x' } });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('deletes once, then 404', async () => {
    const a = await t.database.db.insert(newsletterSubscribers).values({ email: 'gone@example.com' }).returning();
    const del = () => t.app.inject({ method: 'DELETE', url: `/api/admin/newsletter/subscribers/${a[0].id}`, headers });
    expect((await del()).json()).toEqual({ success: true, message: 'مشترک حذف شد' });
    expect((await del()).statusCode).toBe(404);
  });
});

describe('POST /api/admin/newsletter/export', () => {
  const exportCsv = (payload?: object) => t.app.inject({ method: 'POST', url: '/api/admin/newsletter/export', headers, ...(payload ? { payload } : {}) });

  it('answers a UTF-8 CSV with a BOM, quoted cells and formulas defused, named for the day', async () => {
    const res = await exportCsv({ status: 'all' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('"ایمیل","نام","وضعیت","تاریخ عضویت","تاریخ عضویت (ISO)","منبع"');
    // The source named as the screen names it; one without a Persian name as written.
    expect(lines[1]).toMatch(/^"maryam@example\.com","مریم رضایی","فعال","[^"]+","\d{4}-\d{2}-\d{2}T[^"]+","وب‌سایت"$/);
    const evil = lines.find((l) => l.startsWith('"evil@'))!;
    expect(evil).toContain('"\'=HYPERLINK(""http://x"",""click"")"');
    expect(evil).toMatch(/,"footer"$/);
    expect(lines.filter(Boolean)).toHaveLength(5);
  });

  it('exports one status only, and refuses an unknown one', async () => {
    const res = await exportCsv({ status: 'inactive' });
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Ali.Karimi@Example.org');
    expect((await exportCsv({ status: 'everyone' })).statusCode).toBe(400);
    expect((await exportCsv()).statusCode).toBe(200);
  });
});

describe('csvCell', () => {
  it.each([
    ['=1+1', '"\'=1+1"'], ['+98912', '"\'+98912"'], ['-2', '"\'-2"'], ['@SUM(A1)', '"\'@SUM(A1)"'], ['\tx', '"\'\tx"'], ['\rx', '"\'\rx"'],
    ['a"b', '"a""b"'], ['متن, با ویرگول', '"متن, با ویرگول"'], [null, '""'],
  ])('%j → %s', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });
});
