// The few MTProto calls Chapar makes, behind an interface: the login flow and the
// TelegramSource adapter are written (and tested) against it, GramJS is one implementation.
import type { Api } from 'telegram';

/** The logged-in account as the admin screen shows it. */
export interface MtprotoUser {
  id: string;
  firstName: string;
  lastName?: string;
  username?: string;
  /** International number without '+', as Telegram reports it. */
  phone?: string;
}

export interface SentCode {
  /** Ties the code to this request; signIn needs it back. */
  phoneCodeHash: string;
}

/** messages.getHistory's window, or channels.getMessages when `ids` is given. */
export interface FetchMessagesOptions {
  limit?: number;
  /** Messages older than this id; 0 starts at the newest. */
  offsetId?: number;
  /** Shifts the window: -limit reads the messages just newer than offsetId. */
  addOffset?: number;
  minId?: number;
  maxId?: number;
  /** Exactly these ids; a deleted one comes back as Api.MessageEmpty. */
  ids?: number[];
}

/** A chat or user named by the messages (where a post was forwarded from). */
export interface PeerInfo {
  title: string;
  username?: string;
}

export interface MessageBatch {
  /** As Telegram returned them, in any order: Message, MessageService or MessageEmpty. */
  messages: Api.TypeMessage[];
  /** Keyed by peerKey(). */
  peers: Map<string, PeerInfo>;
}

export interface MtprotoGateway {
  sendCode(phoneNumber: string): Promise<SentCode>;
  /** Throws MtprotoError 'password_needed' when the account has two-step verification. */
  signIn(phoneNumber: string, code: string, phoneCodeHash: string): Promise<MtprotoUser>;
  checkPassword(password: string): Promise<MtprotoUser>;
  /** Throws MtprotoError 'unauthorized' when the session is not (or no longer) logged in. */
  getMe(): Promise<MtprotoUser>;
  /** The session to store; passing it to the factory later resumes it. */
  exportSession(): string;
  fetchMessages(channel: string, options: FetchMessagesOptions): Promise<MessageBatch>;
  /** The message's photo, video or file; its largest thumbnail with `thumb`. */
  downloadMedia(message: Api.Message, options?: { thumb?: boolean }): Promise<Buffer>;
  /**
   * The message's media written to `file` as it arrives (a large video is never whole in
   * memory); a file larger than `maxBytes` is refused before anything is downloaded.
   * Answers the bytes written.
   */
  downloadMediaToFile(message: Api.Message, file: string, options: { maxBytes: number }): Promise<number>;
  /** Ends the session at Telegram (it disappears from the account's active sessions). */
  logOut(): Promise<void>;
  disconnect(): Promise<void>;
}

/** Builds a gateway resuming `session` ('' for a new one). */
export type MtprotoGatewayFactory = (session: string) => MtprotoGateway;

/** 'channel:123', 'user:45', 'chat:6': one key space for Api.Peer values and the chats/users lists. */
export function peerKey(peer: Api.TypePeer): string {
  if (peer.className === 'PeerChannel') return `channel:${String(peer.channelId)}`;
  if (peer.className === 'PeerChat') return `chat:${String(peer.chatId)}`;
  return `user:${String(peer.userId)}`;
}
