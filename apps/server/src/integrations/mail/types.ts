// The mail integration's surface: a Mailer sends one message to one address, within a deadline,
// and fails with a MailSendError that says in Persian what happened and whether sending it again
// could deliver it twice. The newsletter uses it; account invitations can too.

export interface OutgoingMail {
  to: string;
  subject: string;
  /** The plain-text part; every mail has one. */
  text: string;
  html?: string;
  /**
   * An https address that unsubscribes with one POST (RFC 8058): sent as List-Unsubscribe with
   * List-Unsubscribe-Post, so mail clients offer their own unsubscribe button.
   */
  unsubscribeUrl?: string;
  /** List-Id: which list this mail belongs to, e.g. 'newsletter.example.com'. */
  listId?: string;
}

export interface MailReceipt {
  messageId: string;
  /** The server's last answer, e.g. '250 2.0.0 Ok: queued as 1234'. */
  response: string;
}

export interface Mailer {
  /** The sender every message carries (MAIL_FROM). */
  readonly from: string;
  /** The server as the admin pages show it: host and port, never the credentials. */
  readonly server: string;
  /** Sends one message; at most MAIL_MAX_PER_MINUTE leave this process a minute. */
  send(mail: OutgoingMail, signal?: AbortSignal): Promise<MailReceipt>;
  /** Connects and logs in without sending, within the message deadline. */
  verify(signal?: AbortSignal): Promise<void>;
}

/**
 * What a failure means for the message:
 * - refused: the recipient's server refused this address for good (a hard bounce);
 * - rejected: the server refused this message for good (its content or size);
 * - unavailable: the mail service could not take any message now (unreachable, not answering,
 *   busy, refusing the login or the sender); the message did not get through and may be sent again;
 * - unknown: the whole message was handed over and the server never said whether it took it;
 *   sending it again could deliver it twice.
 */
export type MailFailureKind = 'refused' | 'rejected' | 'unavailable' | 'unknown';

export class MailSendError extends Error {
  override readonly name = 'MailSendError';
  constructor(readonly kind: MailFailureKind, message: string, readonly smtpCode?: number) {
    super(message);
  }

  /** The message certainly did not get through and the failure may pass: sending again is safe and may work. */
  get retryable(): boolean {
    return this.kind === 'unavailable';
  }

  /** The failure is the service's, not this message's: the next messages would fail the same way. */
  get serviceDown(): boolean {
    return this.kind === 'unavailable' || this.kind === 'unknown';
  }
}

/** Whether mail can be sent, and what to set if not. */
export interface MailSettings {
  url?: string;
  from?: string;
  timeoutMs: number;
  maxPerMinute: number;
}

/** The variables still missing for mail to be sent (empty when it is configured). */
export function missingMailSettings(settings: Pick<MailSettings, 'url' | 'from'>): string[] {
  return [...(settings.url ? [] : ['SMTP_URL']), ...(settings.from ? [] : ['MAIL_FROM'])];
}
