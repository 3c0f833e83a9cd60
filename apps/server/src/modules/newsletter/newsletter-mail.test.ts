// The newsletter against a real SMTP server (smtp-server, started here): double opt-in with a
// working link, a digest with both parts and the one-click unsubscribe headers, one-click
// unsubscribe, and a refused address recorded as failed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { newsletterSends, newsletterSignups, newsletterSubscribers } from '@chapar/db';
import type { AdminSubscribersResponse, DigestSendsResponse, NewsletterDigestsResponse, WaitingSignupsResponse } from '@chapar/shared/contracts';
import type { ReceivedMail } from '../../../testing/smtp-test-server.ts';
import { addRankedArticles, addSubscriber, buildNewsletterTestApp, TEST_BASE_URL, until, type NewsletterTestApp } from '../../../testing/newsletter-test-app.ts';
import { createDigest } from './create-digest.ts';
import { digestRepo } from './digest-repo.ts';

let t: NewsletterTestApp;
let clientNo = 1;
const subscribe = (email: string, name?: string) => t.app.inject({
  method: 'POST', url: '/api/newsletter/subscribe', payload: { email, ...(name ? { name } : {}) }, remoteAddress: `203.0.113.${clientNo++}`,
});
const subscriberOf = async (email: string) => (await t.database.db.select().from(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`))[0];
/** The first link in a mail's text that goes to this path. */
const linkIn = (mail: ReceivedMail, path: string) => {
  const found = (mail.parsed.text ?? '').match(new RegExp(`${TEST_BASE_URL}${path}\\?token=[^\\s]+`));
  if (!found) throw new Error(`no ${path} link in the mail`);
  return new URL(found[0]);
};
const local = (url: URL) => `${url.pathname}${url.search}`;
const formPost = (url: string, body: string) => t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body });

beforeAll(async () => {
  t = await buildNewsletterTestApp();
  await addRankedArticles(t.database, ['خبر اول: بازار ارز آرام شد', 'خبر دوم درباره آب و هوا', 'خبر سوم از لیگ فوتبال']);
});
afterAll(async () => { await t?.close(); });

describe('double opt-in', () => {
  it('mails a confirmation link; the address gets nothing until it is followed, then is a subscriber', async () => {
    const answer = await subscribe('new.reader@example.com', 'سارا');
    expect(answer.json()).toMatchObject({ success: true, pending: true, confirmationMailed: true, alreadySubscribed: false, message: expect.stringContaining('پیوند آن را باز کنید') });
    await until('the confirmation mail to be sent and recorded', async () => (await t.database.db.select().from(newsletterSignups)
      .where(eq(newsletterSignups.email, 'new.reader@example.com')))[0]?.mailStatus === 'sent');
    const [mail] = t.smtp.to('new.reader@example.com');
    expect(mail.parsed.subject).toBe('تأیید عضویت در خبرنامه چاپار');
    expect(mail.parsed.html).toContain('dir="rtl"');
    expect(mail.parsed.text).toContain('سارا عزیز');
    // The plain-text part has no button: it points at its link.
    expect(mail.parsed.text).toContain('پیوند زیر را باز کنید');
    expect(mail.parsed.text).not.toContain('دکمه');
    expect(mail.parsed.html).toContain('دکمه زیر را بزنید');
    const link = linkIn(mail, '/newsletter/confirm');
    expect(link.pathname).toContain('confirm');
    expect(await subscriberOf('new.reader@example.com')).toBeUndefined();

    // The admin list says who waits.
    const waiting = (await t.get('/api/admin/newsletter/signups')).json() as WaitingSignupsResponse;
    expect(waiting.signups.find((s) => s.email === 'new.reader@example.com')).toMatchObject({ name: 'سارا', mailStatus: 'sent' });
    for (const [query, message] of [['limit=abc', 'تعداد باید عدد باشد'], ['limit=0', 'تعداد باید دست‌کم ۱ باشد'], ['offset=-1', 'جابه‌جایی نمی‌تواند منفی باشد']]) {
      expect((await t.get(`/api/admin/newsletter/signups?${query}`)).json(), query).toEqual({ error: 'validation_error', message });
    }
    expect(((await t.get('/api/admin/newsletter/subscribers')).json() as AdminSubscribersResponse).stats.pending).toBeGreaterThanOrEqual(1);

    // Opening the link shows a button and changes nothing (a mail scanner opening links confirms nobody).
    const page = await t.app.inject({ method: 'GET', url: local(link) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<bdi dir="ltr">new.reader@example.com</bdi>');
    expect(page.body).toMatch(/<form method="post" action="\/newsletter\/confirm">/);
    expect(await subscriberOf('new.reader@example.com')).toBeUndefined();

    const done = await formPost('/newsletter/confirm', `token=${encodeURIComponent(link.searchParams.get('token')!)}`);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('عضویت شما تأیید شد');
    expect(await subscriberOf('new.reader@example.com')).toMatchObject({ name: 'سارا', isActive: true, confirmedAt: expect.any(Date) });
    const after = (await t.get('/api/admin/newsletter/signups')).json() as WaitingSignupsResponse;
    expect(after.signups.find((s) => s.email === 'new.reader@example.com')).toBeUndefined();
    // Following it again is harmless.
    expect((await formPost('/newsletter/confirm', `token=${encodeURIComponent(link.searchParams.get('token')!)}`)).body).toContain('عضویت شما تأیید شد');
  });

  it('the form without JavaScript (POST /newsletter/subscribe) mails the same confirmation link', async () => {
    const answer = await t.app.inject({
      method: 'POST', url: '/newsletter/subscribe', remoteAddress: `203.0.113.${clientNo++}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `${TEST_BASE_URL}/` },
      payload: 'email=form.reader%40example.com&name=%D9%86%DA%AF%D8%A7%D8%B1',
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/?newsletter=sent#newsletter');
    await until('the confirmation mail', async () => t.smtp.to('form.reader@example.com').length === 1);
    const [mail] = t.smtp.to('form.reader@example.com');
    expect(mail.parsed.text).toContain('نگار عزیز');
    expect(linkIn(mail, '/newsletter/confirm').searchParams.get('token')).toBeTruthy();
    expect(await subscriberOf('form.reader@example.com')).toBeUndefined();
  });

  it('a known address changes (its new name, switched back on) only once its owner follows the link', async () => {
    await addSubscriber(t.database, 'known@example.com', { name: 'نام قدیمی', isActive: false });
    await subscribe('known@example.com', 'نام تازه');
    await until('the confirmation mail', async () => t.smtp.to('known@example.com').length === 1);
    expect(await subscriberOf('known@example.com')).toMatchObject({ name: 'نام قدیمی', isActive: false });
    const token = linkIn(t.smtp.to('known@example.com')[0], '/newsletter/confirm').searchParams.get('token')!;
    await formPost('/newsletter/confirm', `token=${encodeURIComponent(token)}`);
    expect(await subscriberOf('known@example.com')).toMatchObject({ name: 'نام تازه', isActive: true });
  });

  it('an address typed in again and again gets one confirmation mail, with the same answer each time', async () => {
    const first = await subscribe('twice@example.com');
    const second = await subscribe('twice@example.com');
    expect(second.json()).toEqual(first.json());
    const rowsOf = () => t.database.db.select().from(newsletterSignups).where(eq(newsletterSignups.email, 'twice@example.com'));
    await until('the first mail to be recorded sent', async () => (await rowsOf()).some((r) => r.mailStatus === 'sent'));
    expect((await rowsOf()).map((r) => r.mailStatus).sort()).toEqual(['sent', 'skipped']);
    expect(t.smtp.to('twice@example.com')).toHaveLength(1);
  });
});

describe('the digest', () => {
  let digestId: number;

  it('send now mails the top articles to confirmed, active addresses only, once each', async () => {
    await addSubscriber(t.database, 'reader.one@example.com');
    await addSubscriber(t.database, 'reader.two@example.com', { name: 'رضا' });
    await addSubscriber(t.database, 'unconfirmed@example.com', { confirmedAt: null });
    await addSubscriber(t.database, 'left@example.com', { unsubscribedAt: new Date(), isActive: false });
    await addSubscriber(t.database, 'off@example.com', { isActive: false });
    await addSubscriber(t.database, 'refused@example.com');
    t.smtp.refused.add('refused@example.com');

    const res = await t.post('/api/admin/newsletter/send-now');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { success: boolean; message: string; result: { digestId: number; recipients: number } };
    digestId = answer.result.digestId;
    // reader.one, reader.two, new.reader and known (confirmed above), refused.
    expect(answer.result.recipients).toBe(5);
    expect(answer.message).toBe('خبرنامه برای ۵ نشانی در صف ارسال قرار گرفت');

    await until('the digest to be sent', async () => {
      const overview = (await t.get('/api/admin/newsletter/digests')).json() as NewsletterDigestsResponse;
      return overview.digests.find((d) => d.id === digestId)?.status === 'done';
    });
    for (const address of ['reader.one@example.com', 'reader.two@example.com', 'new.reader@example.com', 'known@example.com']) {
      expect(t.smtp.to(address).filter((m) => m.parsed.subject?.startsWith('خبرنامه چاپار — '))).toHaveLength(1);
    }
    for (const address of ['unconfirmed@example.com', 'left@example.com', 'off@example.com', 'refused@example.com']) {
      expect(t.smtp.to(address).filter((m) => m.parsed.subject?.startsWith('خبرنامه'))).toHaveLength(0);
    }
  });

  it('has an HTML part (tables, inline styles, RTL Persian, Vazirmatn with fallbacks, absolute links) and a plain-text part', async () => {
    const [mail] = t.smtp.to('reader.one@example.com').filter((m) => m.parsed.subject?.startsWith('خبرنامه'));
    const html = mail.parsed.html as string;
    expect(html).toMatch(/^<!doctype html>\s*<html lang="fa" dir="rtl">/);
    expect(html).toContain('<table role="presentation" dir="rtl"');
    expect(html).toContain('font-family:Vazirmatn, Tahoma, Arial, sans-serif');
    expect(html).not.toMatch(/<link|<style/);
    expect(html).toContain('خبر اول: بازار ارز آرام شد');
    // The most viewed first, links absolute, the picture from the site.
    expect(html.indexOf('خبر اول')).toBeLessThan(html.indexOf('خبر دوم'));
    expect(html).toContain(`src="${TEST_BASE_URL}/media/2026/first.jpg"`);
    expect(html).toMatch(new RegExp(`href="${TEST_BASE_URL}/article/[^"]+-\\d+"`));
    expect(html).not.toMatch(/href="\//);
    // Persian digits and a Jalali date in the subject.
    expect(mail.parsed.subject).toMatch(/^خبرنامه چاپار — [۰-۹]+ [آ-ی]+ ۱۴[۰-۹]{2}$/);
    const text = mail.parsed.text as string;
    expect(text).toContain('۱. خبر اول: بازار ارز آرام شد');
    // Category and date apart by a Persian comma: a middle dot beside Persian digits reads as a zero.
    expect(text).toMatch(/^ {3}[^\n،·]+، [۰-۹]+ [آ-ی]+ ۱۴[۰-۹]{2}$/m);
    expect(text).not.toContain('·');
    expect(text).toContain(`${TEST_BASE_URL}/newsletter/unsubscribe?token=`);
    expect(html).toContain(`${TEST_BASE_URL}/newsletter/unsubscribe?token=`);
  });

  it('carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058), and the one-click POST unsubscribes', async () => {
    const [mail] = t.smtp.to('reader.two@example.com').filter((m) => m.parsed.subject?.startsWith('خبرنامه'));
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const header = /^List-Unsubscribe:\s+<([^>]+)>/m.exec(mail.raw);
    expect(header?.[1]).toMatch(new RegExp(`^${TEST_BASE_URL}/api/newsletter/unsubscribe\\?token=`));
    const oneClick = new URL(header![1]);
    // What a mail client sends (RFC 8058 §3.1): a POST with this body, no cookie.
    const res = await formPost(local(oneClick), 'List-Unsubscribe=One-Click');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'عضویت شما در خبرنامه لغو شد' });
    expect(await subscriberOf('reader.two@example.com')).toMatchObject({ isActive: false, unsubscribedAt: expect.any(Date) });
    // The link in the mail's body shows the same state.
    const page = await t.app.inject({ method: 'GET', url: local(linkIn(mail, '/newsletter/unsubscribe')) });
    expect(page.body).toContain('عضویت شما لغو شد');
  });

  it('records the refused address as failed with the server\'s reason, and it gets no more mail', async () => {
    const sends = (await t.get(`/api/admin/newsletter/digests/${digestId}/sends?status=failed`)).json() as DigestSendsResponse;
    expect(sends.sends).toHaveLength(1);
    expect(sends.sends[0]).toMatchObject({ email: 'refused@example.com', status: 'failed', bounced: true, retry: false, attempts: 1 });
    expect(sends.sends[0].error).toMatch(/^سرور ایمیل این نشانی را نپذیرفت/);
    expect(await subscriberOf('refused@example.com')).toMatchObject({ bouncedAt: expect.any(Date) });
    const overview = (await t.get('/api/admin/newsletter/digests')).json() as NewsletterDigestsResponse;
    expect(overview.digests.find((d) => d.id === digestId)?.counts).toEqual({ total: 5, queued: 0, sending: 0, sent: 4, failed: 1, retrying: 0, bounced: 1 });
    expect(overview.mail).toEqual({ configured: true, missing: [], from: 'چاپار <news@chapar.test>', server: `127.0.0.1:${t.smtp.port}` });
  });

  it('the next digest skips the unsubscribed and bounced addresses: an unsubscribed address never gets another mail', async () => {
    const res = await t.post('/api/admin/newsletter/send-now');
    const next = (res.json() as { result: { digestId: number; recipients: number } }).result;
    expect(next.recipients).toBe(3);
    await until('the second digest', async () => (await t.database.db.select().from(newsletterSends)
      .where(eq(newsletterSends.digestId, next.digestId))).every((s) => s.status === 'sent'));
    expect(t.smtp.to('reader.two@example.com').filter((m) => m.parsed.subject?.startsWith('خبرنامه'))).toHaveLength(1);
    expect(t.smtp.to('reader.one@example.com').filter((m) => m.parsed.subject?.startsWith('خبرنامه'))).toHaveLength(2);
    expect(t.smtp.to('refused@example.com')).toHaveLength(0);
  });

  it('an address that unsubscribes while its digest is on its way is passed over, and its send dropped', async () => {
    const s = t.app.ingest;
    const { digest } = await createDigest(s, { trigger: 'admin', requestedBy: 'test' });
    const queued = await t.database.db.select().from(newsletterSends).where(eq(newsletterSends.digestId, digest.id));
    expect(queued.map((x) => x.email).sort()).toEqual(['known@example.com', 'new.reader@example.com', 'reader.one@example.com']);
    const leaving = await subscriberOf('known@example.com');
    await t.database.db.update(newsletterSubscribers).set({ unsubscribedAt: new Date(), isActive: false }).where(eq(newsletterSubscribers.id, leaving!.id));
    // A run already under way claims the others and never the one that left.
    const claimed = [];
    for (let send; (send = await digestRepo.claimNext(t.database.db, digest.id, 'test-run', new Date()));) claimed.push(send.email);
    expect(claimed.sort()).toEqual(['new.reader@example.com', 'reader.one@example.com']);
    await digestRepo.dropLapsed(t.database.db, digest.id);
    expect((await t.database.db.select().from(newsletterSends).where(eq(newsletterSends.digestId, digest.id))).map((x) => x.email).sort())
      .toEqual(['new.reader@example.com', 'reader.one@example.com']);
  });
});
