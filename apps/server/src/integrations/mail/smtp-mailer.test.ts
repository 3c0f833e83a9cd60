import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSilentSmtpServer, startSmtpTestServer, type SilentServer, type SmtpTestServer } from '../../../testing/smtp-test-server.ts';
import { loadConfig } from '../../config.ts';
import { createMailer, MailSendError, missingMailSettings, smtpServerLabel, type Mailer } from './index.ts';

const TIMEOUT_MS = 800;
let smtp: SmtpTestServer;
let silent: SilentServer;

beforeAll(async () => {
  [smtp, silent] = await Promise.all([startSmtpTestServer(), startSilentSmtpServer()]);
});
afterAll(async () => { await Promise.all([smtp?.close(), silent?.close()]); });

const mailer = (url: string, maxPerMinute = 6000): Mailer => createMailer({ url, from: 'چاپار <news@chapar.test>', timeoutMs: TIMEOUT_MS, maxPerMinute })!;

async function failure(work: Promise<unknown>): Promise<{ error: MailSendError; ms: number }> {
  const started = Date.now();
  const error = await work.then(() => { throw new Error('expected the send to fail'); }, (e: unknown) => e);
  expect(error).toBeInstanceOf(MailSendError);
  return { error: error as MailSendError, ms: Date.now() - started };
}

describe('createMailer', () => {
  it('is null until SMTP_URL and MAIL_FROM are both set, and says which is missing', () => {
    expect(createMailer({ url: smtp.url, timeoutMs: 1000, maxPerMinute: 60 })).toBeNull();
    expect(createMailer({ from: 'a@b.c', timeoutMs: 1000, maxPerMinute: 60 })).toBeNull();
    expect(missingMailSettings({})).toEqual(['SMTP_URL', 'MAIL_FROM']);
    expect(missingMailSettings({ url: 'smtp://x' })).toEqual(['MAIL_FROM']);
    expect(missingMailSettings({ url: 'smtp://x', from: 'a@b.c' })).toEqual([]);
  });

  it('names the server without its credentials', () => {
    expect(smtpServerLabel('smtp://user:p%40ss@mail.example.com:2525')).toBe('mail.example.com:2525');
    expect(smtpServerLabel('smtps://user:pass@mail.example.com')).toBe('mail.example.com:465');
    expect(mailer(smtp.url).server).toBe(`127.0.0.1:${smtp.port}`);
  });
});

describe('SMTP_URL and MAIL_FROM', () => {
  const env = (vars: Record<string, string>) => ({ DATA_DIR: 'memory://', SESSION_SECRET: 'x'.repeat(40), ...vars });
  it.each(['news@example.com', 'چاپار <news@example.com>', 'خبرنامه چاپار <news@example.com>'])('accepts MAIL_FROM %s', (from) => {
    expect(loadConfig(env({ SMTP_URL: 'smtp://user:pass@mail.example.com:587', MAIL_FROM: from })).mail).toMatchObject({ url: 'smtp://user:pass@mail.example.com:587', from });
  });

  it('refuses a sender without an address and a URL that is not SMTP, naming the variable but never its value', () => {
    expect(() => loadConfig(env({ MAIL_FROM: 'چاپار' }))).toThrow(/MAIL_FROM: an address/);
    expect(() => loadConfig(env({ MAIL_FROM: 'a <b@c> d' }))).toThrow(/MAIL_FROM/);
    const bad = () => loadConfig(env({ SMTP_URL: 'https://user:secret-pass@mail.example.com' }));
    expect(bad).toThrow(/SMTP_URL: an smtp:\/\/ or smtps:\/\/ URL/);
    expect(bad).not.toThrow(/secret-pass/);
  });

  it('leaves mail unconfigured by default, with a message deadline and a pace', () => {
    expect(loadConfig(env({})).mail).toEqual({ url: undefined, from: undefined, timeoutMs: 30_000, maxPerMinute: 60 });
  });
});

describe('SMTP mailer against a real SMTP server', () => {
  it('logs in, sends both parts and the one-click unsubscribe headers', async () => {
    const m = mailer(smtp.url);
    const receipt = await m.send({
      to: 'reader@example.com', subject: 'خبرنامه چاپار', text: 'متن ساده', html: '<p dir="rtl">متن</p>',
      unsubscribeUrl: 'https://chapar.test/api/newsletter/unsubscribe?token=abc', listId: 'newsletter.chapar.test',
    });
    expect(receipt.response).toMatch(/^250 /);
    const [mail] = smtp.to('reader@example.com');
    expect(smtp.logins).toContain('mailer:secret');
    expect(mail.parsed.subject).toBe('خبرنامه چاپار');
    expect(mail.parsed.text?.trim()).toBe('متن ساده');
    expect(mail.parsed.html).toContain('dir="rtl"');
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail.raw).toMatch(/^List-Unsubscribe:\s+<https:\/\/chapar\.test\/api\/newsletter\/unsubscribe\?token=abc>/m);
    expect(mail.raw).toMatch(/^List-ID:\s+<newsletter\.chapar\.test>/im);
    expect(mail.from).toBe('news@chapar.test');
  });

  it('a refused address is a permanent refusal, with the server\'s reply isolated in a Persian reason', async () => {
    smtp.refused.add('nobody@example.com');
    const { error } = await failure(mailer(smtp.url).send({ to: 'nobody@example.com', subject: 's', text: 't' }));
    expect(error.kind).toBe('refused');
    expect(error.retryable).toBe(false);
    expect(error.smtpCode).toBe(550);
    expect(error.message).toMatch(/^سرور ایمیل این نشانی را نپذیرفت/);
    expect(error.message).toContain('\u2066550');
  });

  it('a server that accepts the connection and never answers fails within the deadline, safe to retry', async () => {
    const { error, ms } = await failure(mailer(silent.url).send({ to: 'reader@example.com', subject: 's', text: 't' }));
    expect(ms).toBeLessThan(TIMEOUT_MS + 500);
    expect(error.kind).toBe('unavailable');
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/پاسخ نداد/);
    expect(error.message).toMatch(/[۰-۹]/);
    expect(silent.connections).toBeGreaterThan(0);
  });

  it('a server that hangs after the message data fails within the deadline as unknown, never to be sent again', async () => {
    smtp.mode = 'hang-after-data';
    try {
      const before = smtp.hungMessages;
      const { error, ms } = await failure(mailer(smtp.url).send({ to: 'hang@example.com', subject: 's', text: 't' }));
      expect(ms).toBeLessThan(TIMEOUT_MS + 500);
      expect(smtp.hungMessages).toBe(before + 1);
      expect(error.kind).toBe('unknown');
      expect(error.retryable).toBe(false);
      expect(error.message).toContain('دوباره فرستاده نمی‌شود');
    } finally {
      smtp.mode = 'accept';
    }
  });

  it('verify answers within the deadline when the server is silent, and passes when it answers', async () => {
    await expect(mailer(smtp.url).verify()).resolves.toBeUndefined();
    const started = Date.now();
    await expect(mailer(silent.url).verify()).rejects.toMatchObject({ kind: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 500);
  });

  it('keeps to MAIL_MAX_PER_MINUTE', async () => {
    const m = mailer(smtp.url, 300); // one every 200 ms
    const started = Date.now();
    for (const n of [1, 2, 3]) await m.send({ to: `paced${n}@example.com`, subject: 's', text: 't' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(smtp.to('paced3@example.com')).toHaveLength(1);
  });
});
