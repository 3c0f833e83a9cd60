// Sending an invitation by e-mail. There is no mail client yet (SMTP_URL/MAIL_FROM arrive with
// the mail work): until one implements this interface and buildApp is given it, an invitation
// is a one-time link the owner passes on, and nothing pretends an e-mail went out.
export interface InvitationMail {
  to: string;
  /** The invited person's name or username, for the greeting. */
  name: string;
  username: string;
  /** Who invited them (a username). */
  invitedBy: string;
  role: string;
  url: string;
  expiresAt: Date;
}

export interface InvitationMailer {
  /** Sends the invitation; throws when the mail could not be handed to the mail server. */
  sendInvitation(mail: InvitationMail): Promise<void>;
}
