// An invitation by e-mail through the site's own mail service, received by a real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@chapar/shared/contracts';
import { startSmtpTestServer, type SmtpTestServer } from '../../../testing/smtp-test-server.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';

let smtp: SmtpTestServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await buildTestApp({ config: { mail: { url: smtp.url, from: 'چاپار <news@example.com>', timeoutMs: 5_000, maxPerMinute: 60 } } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('an invitation by e-mail', () => {
  it('reaches the invited address with the one-time link, in Persian, with a plain-text part', async () => {
    const session = await loginAsAdmin(t.app);
    const res = await t.app.inject({
      method: 'POST', url: '/api/admin/users', headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrfToken },
      payload: { username: 'reza', invite: true, role: 'editor', email: 'reza@example.com', name: 'رضا' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { invitation } = res.json() as { invitation: { url: string; emailed: boolean } };
    expect(invitation.emailed).toBe(true);
    const [mail] = await smtp.waitFor(1);
    expect(mail.to).toEqual(['reza@example.com']);
    expect(mail.parsed.subject).toBe('دعوت به پنل مدیریت چاپار');
    expect(mail.parsed.text).toContain(invitation.url);
    expect(mail.parsed.text).toContain('«ویراستار»');
    expect(mail.parsed.html).toContain('dir="rtl"');
    expect(mail.parsed.html).toContain(invitation.url);
  });
});
