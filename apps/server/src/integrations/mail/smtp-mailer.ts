// Mail through an SMTP server with nodemailer (loaded on the first message). One connection per
// message: a stuck message never holds the next one, and nodemailer's abort signal closes it.
// Every message has MAIL_TIMEOUT_MS in all (withDeadline), and nodemailer's own timeouts bound
// each step (connecting, the greeting, any silence on the socket) within it.
import { Transform } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Transporter } from 'nodemailer';
import { withDeadline } from '../deadline.ts';
import { toMailSendError } from './mail-errors.ts';
import { mailSends } from '../../metrics/registry.ts';
import type { MailReceipt, Mailer, MailSettings, OutgoingMail } from './types.ts';

/** What one message's send has got to, found by its abort signal (one per message). */
interface Progress {
  bodySent: boolean;
}

/** 'host:port' of an smtp:// or smtps:// URL, with the port nodemailer uses when none is given. */
export function smtpServerLabel(url: string): string {
  const parsed = new URL(url);
  const port = parsed.port || (parsed.protocol === 'smtps:' ? '465' : '587');
  return `${parsed.hostname}:${port}`;
}

export function createSmtpMailer(settings: Required<Pick<MailSettings, 'url' | 'from'>> & MailSettings): Mailer {
  const { url, from, timeoutMs } = settings;
  const progress = new WeakMap<AbortSignal, Progress>();
  let transporter: Promise<Transporter> | undefined;
  // Messages leave at an even pace: each takes the next free slot of this process's budget.
  const spacingMs = 60_000 / settings.maxPerMinute;
  let nextSlot = 0;

  const transport = () => (transporter ??= import('nodemailer').then(({ default: nodemailer }) => {
    const t = nodemailer.createTransport({
      url,
      connectionTimeout: Math.min(timeoutMs, 10_000),
      greetingTimeout: Math.min(timeoutMs, 10_000),
      socketTimeout: timeoutMs,
      // The whole message leaves in one write; its end is the moment the server may have it all.
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    // Marks when the message's last byte has been handed to the connection: a failure after it
    // may be a message the server took (types.ts, 'unknown'), one before it certainly is not.
    t.use('stream', (mail, done) => {
      const state = mail.data.signal ? progress.get(mail.data.signal) : undefined;
      if (state) {
        mail.message.transform(() => new Transform({
          transform: (chunk, _encoding, next) => next(null, chunk),
          flush: (next) => { state.bodySent = true; next(); },
        }));
      }
      done();
    });
    return t;
  }));

  async function pace(signal?: AbortSignal): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + spacingMs;
    if (slot > now) await sleep(slot - now, undefined, { signal });
  }

  return {
    from,
    server: smtpServerLabel(url),

    async send(mail: OutgoingMail, outer?: AbortSignal): Promise<MailReceipt> {
      await pace(outer);
      const t = await transport();
      const state: Progress = { bodySent: false };
      try {
        const info = await withDeadline(timeoutMs, 'smtp send', (signal) => {
          progress.set(signal, state);
          return t.sendMail({
            from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            ...(mail.html ? { html: mail.html } : {}),
            list: {
              ...(mail.unsubscribeUrl ? { unsubscribe: { url: mail.unsubscribeUrl } } : {}),
              ...(mail.listId ? { id: { url: mail.listId } } : {}),
            },
            headers: mail.unsubscribeUrl ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {},
            signal,
          });
        }, outer);
        mailSends.inc({ result: 'sent' });
        return { messageId: String(info.messageId ?? ''), response: String(info.response ?? '') };
      } catch (error) {
        mailSends.inc({ result: 'failed' });
        throw toMailSendError(error, { bodySent: state.bodySent, timeoutMs });
      }
    },

    async verify(outer?: AbortSignal): Promise<void> {
      const t = await transport();
      try {
        // verify() takes no signal: the deadline answers, nodemailer's timeouts close the connection.
        await withDeadline(timeoutMs, 'smtp verify', () => t.verify(), outer);
      } catch (error) {
        throw toMailSendError(error, { bodySent: false, timeoutMs });
      }
    },
  };
}
