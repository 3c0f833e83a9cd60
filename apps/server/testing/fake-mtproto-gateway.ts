// An in-memory Telegram for tests: accounts with codes and two-step passwords,
// sessions that survive a 'restart' (a new gateway from the saved string), channel
// histories of hand-built Api.Message objects, and errors queued per method.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Api } from 'telegram';
import type { FetchMessagesOptions, MessageBatch, MtprotoGateway, MtprotoGatewayFactory, MtprotoUser } from '../src/integrations/telegram/mtproto/gateway.ts';
import { MtprotoError } from '../src/integrations/telegram/mtproto/mtproto-error.ts';

export interface FakeAccount {
  phone: string;
  code: string;
  password?: string;
  user: MtprotoUser;
}

interface SessionState {
  pending?: { phone: string; hash: string };
  awaitingPassword?: string;
  loggedInAs?: string;
}

type Method = Exclude<keyof MtprotoGateway, 'exportSession'>;

export class FakeTelegram {
  readonly accounts = new Map<string, FakeAccount>();
  readonly channels = new Map<string, Api.TypeMessage[]>();
  /** 'method arg' for every call, in order. */
  readonly calls: string[] = [];
  readonly sessions = new Map<string, SessionState>();
  /** The bytes a message's media downloads as (default: `media-of-{id}`). */
  readonly mediaBodies = new Map<number, Buffer>();
  private readonly failures = new Map<Method, Error[]>();
  /** Methods whose calls never settle: Telegram unreachable, the packets dropped by a filter. */
  private readonly hanging = new Set<Method>();

  addAccount(account: FakeAccount): this {
    this.accounts.set(account.phone, account);
    return this;
  }

  /** The next calls of `method` throw these errors, one per call. */
  failNext(method: Method, ...errors: Error[]): void {
    this.failures.set(method, [...(this.failures.get(method) ?? []), ...errors]);
  }

  /** Calls of these methods are recorded and then never answered (until `answerAgain`). */
  hang(...methods: Method[]): void {
    for (const method of methods) this.hanging.add(method);
  }

  answerAgain(): void {
    this.hanging.clear();
  }

  /** As if the account ended this session from a phone. */
  revokeAll(): void {
    this.sessions.clear();
  }

  callsOf(method: Method): string[] {
    return this.calls.filter((c) => c.split(' ')[0] === method);
  }

  readonly factory: MtprotoGatewayFactory = (saved) => {
    const key = saved || `fake-session-${randomUUID()}`;
    const state = () => {
      let s = this.sessions.get(key);
      if (!s) this.sessions.set(key, (s = {}));
      return s;
    };
    const enter = async (method: Method, arg = '') => {
      this.calls.push(`${method} ${arg}`.trim());
      if (this.hanging.has(method)) await new Promise<never>(() => undefined);
      const failure = this.failures.get(method)?.shift();
      if (failure) throw failure;
    };
    const loggedIn = () => {
      const phone = this.sessions.get(key)?.loggedInAs;
      if (!phone) throw new MtprotoError('unauthorized', 'AUTH_KEY_UNREGISTERED', { rpcError: 'AUTH_KEY_UNREGISTERED' });
      return this.accounts.get(phone)!.user;
    };
    return {
      sendCode: async (phone) => {
        await enter('sendCode', phone);
        if (!this.accounts.has(phone)) throw new MtprotoError('phone_invalid', 'PHONE_NUMBER_INVALID', { rpcError: 'PHONE_NUMBER_INVALID' });
        const hash = randomUUID();
        state().pending = { phone, hash };
        return { phoneCodeHash: hash };
      },
      signIn: async (phone, code, hash) => {
        await enter('signIn', code);
        const s = state();
        if (s.pending?.phone !== phone || s.pending.hash !== hash) throw new MtprotoError('code_expired', 'PHONE_CODE_EXPIRED', { rpcError: 'PHONE_CODE_EXPIRED' });
        const account = this.accounts.get(phone)!;
        if (code !== account.code) throw new MtprotoError('code_invalid', 'PHONE_CODE_INVALID', { rpcError: 'PHONE_CODE_INVALID' });
        s.pending = undefined;
        if (account.password) {
          s.awaitingPassword = phone;
          throw new MtprotoError('password_needed', 'SESSION_PASSWORD_NEEDED', { rpcError: 'SESSION_PASSWORD_NEEDED' });
        }
        s.loggedInAs = phone;
        return account.user;
      },
      checkPassword: async (password) => {
        await enter('checkPassword');
        const s = state();
        const account = s.awaitingPassword ? this.accounts.get(s.awaitingPassword) : undefined;
        if (!account) throw new MtprotoError('rpc', 'PASSWORD_REQUIRED', { rpcError: 'PASSWORD_REQUIRED' });
        if (password !== account.password) throw new MtprotoError('password_invalid', 'PASSWORD_HASH_INVALID', { rpcError: 'PASSWORD_HASH_INVALID' });
        s.awaitingPassword = undefined;
        s.loggedInAs = account.phone;
        return account.user;
      },
      getMe: async () => {
        await enter('getMe');
        return loggedIn();
      },
      exportSession: () => key,
      fetchMessages: async (channel, options) => {
        await enter('fetchMessages', channel);
        loggedIn();
        const history = this.channels.get(channel);
        if (!history) throw new MtprotoError('channel_unavailable', 'USERNAME_NOT_OCCUPIED', { rpcError: 'USERNAME_NOT_OCCUPIED' });
        return { messages: window(history, options), peers: new Map() } satisfies MessageBatch;
      },
      downloadMedia: async (message, options = {}) => {
        await enter('downloadMedia', String(message.id));
        loggedIn();
        return options.thumb ? Buffer.from(`media-of-${message.id}-thumb`) : this.mediaBodies.get(message.id) ?? Buffer.from(`media-of-${message.id}`);
      },
      downloadMediaToFile: async (message, file, { maxBytes }) => {
        await enter('downloadMediaToFile', String(message.id));
        loggedIn();
        const body = this.mediaBodies.get(message.id) ?? Buffer.from(`media-of-${message.id}`);
        if (body.length > maxBytes) throw new Error(`${body.length} bytes is over the ${maxBytes} byte cap`);
        await writeFile(file, body);
        return body.length;
      },
      logOut: async () => {
        await enter('logOut');
        this.sessions.delete(key);
      },
      disconnect: async () => {
        await enter('disconnect');
      },
    };
  };
}

/** messages.getHistory's window over a history, or channels.getMessages for ids. */
function window(history: Api.TypeMessage[], options: FetchMessagesOptions): Api.TypeMessage[] {
  if (options.ids) return options.ids.map((id) => history.find((m) => m.id === id) ?? new Api.MessageEmpty({ id }));
  const newestFirst = [...history].sort((a, b) => b.id - a.id);
  let start = options.offsetId ? newestFirst.findIndex((m) => m.id < options.offsetId!) : 0;
  if (start < 0) start = newestFirst.length;
  start = Math.max(0, start + (options.addOffset ?? 0));
  return newestFirst
    .slice(start, start + (options.limit ?? 20))
    .filter((m) => (!options.minId || m.id > options.minId) && (!options.maxId || m.id < options.maxId));
}
