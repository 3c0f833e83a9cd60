// The admin's digest routes without a mail service: what to set, the schedule (kept, and put on
// pg-boss's cron in its time zone), the preview, and 'send now' refused with a clear answer.
import { ltr } from '@chapar/shared/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DIGEST_SCHEDULE, type DigestPreview, type NewsletterDigestsResponse, type SystemHealth } from '@chapar/shared/contracts';
import { addRankedArticles, TEST_BASE_URL } from '../../../testing/newsletter-test-app.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { digestCron } from './digest-schedule.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ config: { publicBaseUrl: TEST_BASE_URL } });
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  headers = { cookie, 'x-csrf-token': csrfToken };
  await addRankedArticles(t.database, ['پربازدیدترین خبر هفته', 'خبر دوم', 'خبر سوم']);
});
afterAll(async () => { await t?.close(); });

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('the digest admin routes', () => {
  it('need an admin session', async () => {
    for (const [method, url] of [['GET', '/api/admin/newsletter/digests'], ['GET', '/api/admin/newsletter/preview'], ['POST', '/api/admin/newsletter/send-now'], ['PUT', '/api/admin/newsletter/schedule'], ['GET', '/api/admin/newsletter/signups']] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });

  it('say the mail service is not configured and what to set; the default schedule is daily at 08:00 Tehran time', async () => {
    const res = await call('GET', '/api/admin/newsletter/digests');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as NewsletterDigestsResponse;
    expect(body.mail).toEqual({ configured: false, missing: ['SMTP_URL', 'MAIL_FROM'], from: null, server: null });
    expect(body.schedule).toEqual(DEFAULT_DIGEST_SCHEDULE);
    expect(body.schedule).toMatchObject({ frequency: 'daily', time: '08:00', timeZone: 'Asia/Tehran' });
    // The next 08:00 in Tehran (UTC+03:30) is 04:30 UTC.
    expect(body.nextRunAt).toMatch(/T04:30:00\.000Z$/);
    expect(body.digests).toEqual([]);
    expect(body.recipients).toBe(0);
  });

  it('saves a schedule and puts it on the queue\'s cron in its time zone; an invalid one is a 400 that changes nothing', async () => {
    const weekly = { enabled: true, frequency: 'weekly', weekday: 5, time: '18:45', timeZone: 'Asia/Tehran', articleCount: 5 } as const;
    const res = await call('PUT', '/api/admin/newsletter/schedule', weekly);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'زمان‌بندی خبرنامه ذخیره شد', schedule: weekly });
    // Friday 18:45 in Tehran is Friday 15:15 UTC.
    const next = new Date((res.json() as { nextRunAt: string }).nextRunAt);
    expect([next.getUTCDay(), next.getUTCHours(), next.getUTCMinutes()]).toEqual([5, 15, 15]);
    expect(digestCron(weekly)).toBe('45 18 * * 5');
    const boss = await t.app.ingest.jobs.instance();
    expect(await boss.getSchedules('newsletter-digest')).toMatchObject([{ key: 'digest', cron: '45 18 * * 5', timezone: 'Asia/Tehran' }]);

    for (const bad of [{ ...weekly, time: '25:00' }, { ...weekly, articleCount: 100 }, { ...weekly, timeZone: 'Mars/Base' }, { ...weekly, extra: 1 }, { enabled: true }]) {
      const refused = await call('PUT', '/api/admin/newsletter/schedule', bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect((refused.json() as { message: string }).message).toMatch(/[\u0600-\u06ff]/);
    }
    expect(((await call('GET', '/api/admin/newsletter/digests')).json() as NewsletterDigestsResponse).schedule).toEqual(weekly);

    const off = await call('PUT', '/api/admin/newsletter/schedule', { ...weekly, enabled: false });
    expect(off.json()).toMatchObject({ nextRunAt: null });
    expect(await boss.getSchedules('newsletter-digest')).toEqual([]);
  });

  it('previews the next digest: the most-read articles first, both parts, in Persian', async () => {
    const res = await call('GET', '/api/admin/newsletter/preview');
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as DigestPreview;
    expect(preview.articleCount).toBe(3);
    expect(preview.subject).toMatch(/^خبرنامه چاپار — /);
    expect(preview.html).toContain('<html lang="fa" dir="rtl">');
    expect(preview.html.indexOf('پربازدیدترین خبر هفته')).toBeLessThan(preview.html.indexOf('خبر دوم'));
    expect(preview.text).toContain('۱. پربازدیدترین خبر هفته');
    expect(preview.text).toContain(`${TEST_BASE_URL}/newsletter/unsubscribe`);
  });

  it('send now without a mail service is a 409 saying what to set, and makes no digest', async () => {
    const res = await call('POST', '/api/admin/newsletter/send-now');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'conflict', message: `ارسال ایمیل تنظیم نشده است؛ ${ltr('SMTP_URL')} و ${ltr('MAIL_FROM')} را تنظیم کنید` });
    expect(((await call('GET', '/api/admin/newsletter/digests')).json() as NewsletterDigestsResponse).digests).toEqual([]);
  });

  it('the health page says the mail service is not configured and what to set', async () => {
    const res = await call('GET', '/api/admin/system/health');
    const mail = (res.json() as SystemHealth).services.find((x) => x.id === 'mail');
    expect(mail).toMatchObject({ status: 'degraded', responseTime: null, service: 'سرویس ایمیل' });
    expect(mail?.error).toBe(`تنظیم نشده (${ltr('SMTP_URL')} و ${ltr('MAIL_FROM')})؛ خبرنامه و ایمیل‌های تأیید فرستاده نمی‌شوند`);
  });

  it('an unknown digest\'s sends are a 404, a bad status a 400', async () => {
    expect((await call('GET', '/api/admin/newsletter/digests/999/sends')).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/newsletter/digests/1/sends?status=lost')).statusCode).toBe(400);
  });
});
