// MtprotoGateway over GramJS. Sign-in is done step by step (auth.sendCode,
// auth.signIn, then account.getPassword + auth.checkPassword for two-step
// verification) because each step is a separate admin request, maybe minutes apart.
import { stat } from 'node:fs/promises';
import { Api, TelegramClient } from 'telegram';
import type { TelegramClientParams } from 'telegram/client/telegramBaseClient.js';
import type { ProxyInterface } from 'telegram/network/connection/TCPMTProxy.js';
import { Logger, LogLevel } from 'telegram/extensions/Logger.js';
import { computeCheck } from 'telegram/Password.js';
import { StringSession } from 'telegram/sessions/index.js';
import type { FetchMessagesOptions, MessageBatch, MtprotoGateway, MtprotoUser, PeerInfo } from './gateway.ts';
import { fromGramjsError } from './gramjs-errors.ts';
import { MtprotoError } from './mtproto-error.ts';

export interface GramjsGatewayOptions {
  apiId: number;
  apiHash: string;
  /** A saved StringSession, or '' for a new one. */
  session: string;
  /** Telegram's test data centre (DC 2), for trying the flow with test numbers. */
  testDc?: boolean;
  /** An MTProto proxy or a SOCKS5 one (proxy-settings.ts gramjsProxy); unset connects directly. */
  proxy?: ProxyInterface;
  log?: { warn(message: string): void };
}

// GramJS logs to the console by default; only its warnings and errors reach our log.
class ForwardingLogger extends Logger {
  constructor(private readonly sink?: { warn(message: string): void }) {
    super(LogLevel.WARN);
  }
  override log(level: LogLevel, message: string): void {
    this.sink?.warn(`gramjs ${level}: ${message}`);
  }
}

/** The TelegramClient options for these settings (exported so the proxy choice is testable). */
export function gramjsClientParams(options: Pick<GramjsGatewayOptions, 'proxy' | 'log'>): TelegramClientParams {
  return {
    connectionRetries: 3,
    // Flood waits are handled in one place (withFloodWait), not slept through silently here.
    floodSleepThreshold: 0,
    baseLogger: new ForwardingLogger(options.log),
    deviceModel: 'Chapar server',
    appVersion: '1.0',
    // GramJS refuses a proxy over its WebSocket transport; plain TCP is its default on Node anyway.
    ...(options.proxy ? { proxy: options.proxy, useWSS: false } : {}),
  };
}

export function createGramjsGateway(options: GramjsGatewayOptions): MtprotoGateway {
  const session = new StringSession(options.session);
  if (options.testDc && !options.session) session.setDC(2, '149.154.167.40', 443);
  const client = new TelegramClient(session, options.apiId, options.apiHash, gramjsClientParams(options));
  let connecting: Promise<unknown> | undefined;
  const connected = () => {
    connecting ??= client.connect().catch((error: unknown) => {
      connecting = undefined;
      throw error;
    });
    return connecting;
  };
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      await connected();
      return await work();
    } catch (error) {
      throw fromGramjsError(error);
    }
  };

  return {
    sendCode: (phoneNumber) => call(async () => {
      const sent = await client.sendCode({ apiId: options.apiId, apiHash: options.apiHash }, phoneNumber);
      return { phoneCodeHash: sent.phoneCodeHash };
    }),
    signIn: (phoneNumber, code, phoneCodeHash) => call(async () => {
      const result = await client.invoke(new Api.auth.SignIn({ phoneNumber, phoneCodeHash, phoneCode: code }));
      if (result instanceof Api.auth.AuthorizationSignUpRequired) {
        throw new MtprotoError('sign_up_required', 'This number has no Telegram account');
      }
      return toUser(result.user);
    }),
    checkPassword: (password) => call(async () => {
      const srp = await client.invoke(new Api.account.GetPassword());
      const check = await computeCheck(srp, password);
      const result = await client.invoke(new Api.auth.CheckPassword({ password: check }));
      if (!(result instanceof Api.auth.Authorization)) throw new MtprotoError('sign_up_required', 'This account cannot be used');
      return toUser(result.user);
    }),
    getMe: () => call(async () => toUser(await client.getMe())),
    exportSession: () => session.save(),
    fetchMessages: (channel, query) => call(() => fetchMessages(client, channel, query)),
    downloadMedia: (message, { thumb = false } = {}) => call(async () => {
      const bytes = await client.downloadMedia(message, thumb ? { thumb: largestThumbIndex(message) } : {});
      if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw new MtprotoError('media_unavailable', `Message ${message.id} has no downloadable media`);
      return bytes;
    }),
    downloadMediaToFile: (message, file, { maxBytes }) => call(async () => {
      const size = mediaSize(message);
      if (size !== null && size > maxBytes) throw new Error(`${size} bytes is over the ${maxBytes} byte cap`);
      await client.downloadMedia(message, { outputFile: file });
      const written = await stat(file).then((s) => s.size, () => 0);
      if (written === 0) throw new MtprotoError('media_unavailable', `Message ${message.id} has no downloadable media`);
      return written;
    }),
    logOut: () => call(async () => {
      await client.invoke(new Api.auth.LogOut());
    }),
    // destroy() also stops GramJS's update loop, which would keep the process alive.
    disconnect: () => client.destroy(),
  };
}

async function fetchMessages(client: TelegramClient, channel: string, query: FetchMessagesOptions): Promise<MessageBatch> {
  const result = query.ids
    ? await client.invoke(new Api.channels.GetMessages({ channel, id: query.ids.map((id) => new Api.InputMessageID({ id })) }))
    : await client.invoke(new Api.messages.GetHistory({
      peer: channel,
      offsetId: query.offsetId ?? 0,
      addOffset: query.addOffset ?? 0,
      limit: query.limit ?? 20,
      maxId: query.maxId ?? 0,
      minId: query.minId ?? 0,
    }));
  if (result instanceof Api.messages.MessagesNotModified) return { messages: [], peers: new Map() };
  const peers = new Map<string, PeerInfo>();
  for (const chat of result.chats) {
    if (chat instanceof Api.Channel) peers.set(`channel:${String(chat.id)}`, { title: chat.title, username: chat.username ?? chat.usernames?.[0]?.username });
    else if (chat instanceof Api.Chat) peers.set(`chat:${String(chat.id)}`, { title: chat.title });
  }
  for (const user of result.users) {
    if (user instanceof Api.User) peers.set(`user:${String(user.id)}`, { title: [user.firstName, user.lastName].filter(Boolean).join(' '), username: user.username });
  }
  return { messages: result.messages, peers };
}

function toUser(user: Api.TypeUser): MtprotoUser {
  if (!(user instanceof Api.User)) throw new MtprotoError('unauthorized', 'Telegram returned no user for this session');
  return {
    id: String(user.id),
    firstName: user.firstName ?? '',
    lastName: user.lastName || undefined,
    username: user.username || undefined,
    phone: user.phone || undefined,
  };
}

// GramJS sorts thumbnails smallest first and skips vector outlines; the last one is the largest.
function largestThumbIndex(message: Api.Message): number {
  const media = message.media;
  const document = media instanceof Api.MessageMediaDocument && media.document instanceof Api.Document ? media.document : undefined;
  const usable = (document?.thumbs ?? []).filter((t) => !(t instanceof Api.PhotoPathSize));
  return Math.max(0, usable.length - 1);
}

/** A document's size as Telegram states it, before downloading; null for photos and others. */
function mediaSize(message: Api.Message): number | null {
  const media = message.media;
  if (media instanceof Api.MessageMediaDocument && media.document instanceof Api.Document) return Number(media.document.size.toString());
  return null;
}
