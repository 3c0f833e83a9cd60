// The Telegram login as a state machine (spec 03 §4): phone → code → password (only
// with two-step verification) → authenticated. Each step is one admin request;
// what connects them (state, sealed session, code hash) is stored, so a restart or
// another process can take the next step.
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  TELEGRAM_CODE_INTERVAL_HOURS, telegramSendPhoneBody, telegramVerifyCodeBody, telegramVerifyPasswordBody,
  type TelegramAuthActionResponse, type TelegramAuthInfo, type TelegramAuthStatus, type TelegramSendPhoneResponse,
} from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { AppError } from '../../errors.ts';
import {
  isMtprotoError, type FloodWaitPolicy, type MtprotoGateway, type MtprotoGatewayFactory, type MtprotoSource, type MtprotoUser,
} from '../../integrations/telegram/mtproto/index.ts';
import { codeTooSoon, parseInput, toAppError } from './auth-errors.ts';
import { describeLogin, notConfiguredStatus } from './auth-status.ts';
import { GatewayKeeper } from './gateway-keeper.ts';
import { maskPhone, TEXT } from './messages.ts';
import { telegramAuthRepo as repo, type StoredAuthState } from './repo.ts';
import { serialQueue } from './serial-queue.ts';

const CODE_INTERVAL_MS = TELEGRAM_CODE_INTERVAL_HOURS * 3_600_000;

export interface TelegramAuthOptions {
  db: Db;
  /** SESSION_SECRET: the stored session is sealed under a key derived from it. */
  secret: string;
  /** Null when TELEGRAM_API_ID/HASH are unset: the flow answers 409 and the site uses public pages. */
  createGateway: MtprotoGatewayFactory | null;
  floodWait?: FloodWaitPolicy;
  now?: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

export class TelegramAuthService {
  private readonly keeper: GatewayKeeper | null;
  private readonly db: Db;
  private readonly now: () => Date;
  // One step at a time in this process: two quick clicks must not both request a code.
  private readonly exclusive = serialQueue();

  constructor(private readonly options: TelegramAuthOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
    this.keeper = options.createGateway
      ? new GatewayKeeper({ create: options.createGateway, secret: options.secret, floodWait: options.floodWait, log: options.log })
      : null;
  }

  get configured(): boolean {
    return this.keeper !== null;
  }

  async status(): Promise<TelegramAuthStatus> {
    if (!this.keeper) return notConfiguredStatus();
    const { state, session } = await repo.readLogin(this.db);
    return describeLogin(state, session !== null && this.keeper.canOpen(session));
  }

  /** Set up or not (and what to set), and when the next code may be asked for. */
  async info(missing: string[]): Promise<TelegramAuthInfo> {
    const last = await repo.lastCodeRequest(this.db);
    const next = last ? new Date(last.getTime() + CODE_INTERVAL_MS) : null;
    return {
      configured: this.configured,
      missing: this.configured ? [] : missing,
      codeIntervalHours: TELEGRAM_CODE_INTERVAL_HOURS,
      lastCodeRequestAt: last?.toISOString() ?? null,
      nextCodeRequestAt: next && next > this.now() ? next.toISOString() : null,
    };
  }

  async sendPhone(input: z.input<typeof telegramSendPhoneBody>): Promise<TelegramSendPhoneResponse> {
    const { phoneNumber } = parseInput(telegramSendPhoneBody, input);
    const keeper = this.requireKeeper();
    return this.exclusive(async () => {
      const { state } = await repo.readLogin(this.db);
      if (state.step === 'authenticated') throw new AppError('conflict', TEXT.alreadyLoggedIn);
      const now = this.now();
      const previous = await repo.lastCodeRequest(this.db);
      // Telegram locks out accounts that ask for codes too often (spec 03 §9): claim first, then ask.
      if (!(await repo.claimCodeRequest(this.db, now, new Date(now.getTime() - CODE_INTERVAL_MS)))) {
        const last = (await repo.lastCodeRequest(this.db)) ?? now;
        throw codeTooSoon(new Date(last.getTime() + CODE_INTERVAL_MS), now);
      }
      const gateway = keeper.fresh();
      let phoneCodeHash: string;
      try {
        ({ phoneCodeHash } = await gateway.sendCode(phoneNumber));
      } catch (error) {
        // No code was sent, so the attempt does not count against the limit.
        await repo.restoreCodeRequest(this.db, previous);
        throw toAppError(error);
      }
      const next: StoredAuthState = { step: 'code', phoneNumber, phoneCodeHash };
      await repo.saveLogin(this.db, next, keeper.seal(gateway));
      return {
        ...this.answer(TEXT.codeSent(maskPhone(phoneNumber) ?? ''), next),
        nextCodeRequestAt: new Date(now.getTime() + CODE_INTERVAL_MS).toISOString(),
      };
    });
  }

  async verifyCode(input: z.input<typeof telegramVerifyCodeBody>): Promise<TelegramAuthActionResponse> {
    const { code } = parseInput(telegramVerifyCodeBody, input);
    return this.step('code', TEXT.noCodeRequested, async (gateway, state) => {
      try {
        return await this.finishLogin(gateway, state, await gateway.signIn(state.phoneNumber ?? '', code, state.phoneCodeHash ?? ''));
      } catch (error) {
        if (!isMtprotoError(error, 'password_needed')) throw error;
        const next: StoredAuthState = { step: 'password', phoneNumber: state.phoneNumber };
        await repo.saveLogin(this.db, next, this.requireKeeper().seal(gateway));
        return this.answer(TEXT.passwordNeeded, next);
      }
    });
  }

  async verifyPassword(input: z.input<typeof telegramVerifyPasswordBody>): Promise<TelegramAuthActionResponse> {
    const { password } = parseInput(telegramVerifyPasswordBody, input);
    return this.step('password', TEXT.noPasswordNeeded, async (gateway, state) => this.finishLogin(gateway, state, await gateway.checkPassword(password)));
  }

  /** Ends the session at Telegram when it can, and forgets it here in any case. */
  async logout(): Promise<TelegramAuthActionResponse> {
    const keeper = this.requireKeeper();
    return this.exclusive(async () => {
      const { session } = await repo.readLogin(this.db);
      const gateway = session ? keeper.forStored(session) : null;
      await gateway?.logOut().catch((error: unknown) => this.options.log.warn({ err: error }, 'Telegram logout failed; the stored session is deleted anyway'));
      await keeper.drop();
      await repo.clearLogin(this.db);
      return this.answer(TEXT.loggedOut, { step: 'phone' });
    });
  }

  /** The MTProto source while logged in, null otherwise: what the ingest pipeline asks for. */
  async getActiveSource(): Promise<MtprotoSource | null> {
    if (!this.keeper) return null;
    const { state, session } = await repo.readLogin(this.db);
    if (state.step !== 'authenticated' || !session) return null;
    const gateway = this.keeper.forStored(session);
    return gateway ? this.keeper.sourceFor(gateway) : null;
  }

  /** At startup: is the stored login still valid at Telegram? A revoked one is forgotten. */
  async checkStoredSession(): Promise<void> {
    if (!this.keeper) return;
    const { state, session } = await repo.readLogin(this.db);
    const gateway = session && state.step === 'authenticated' ? this.keeper.forStored(session) : null;
    if (!gateway || !session) return;
    let user: MtprotoUser | undefined;
    try {
      user = await gateway.getMe();
    } catch (error) {
      if (!isMtprotoError(error, 'unauthorized')) {
        this.options.log.warn({ err: error }, 'Could not check the stored Telegram session; keeping it');
        return;
      }
    }
    await this.exclusive(async () => {
      // Only act on the login that was checked: an admin may have logged in again meanwhile.
      const current = await repo.readLogin(this.db);
      if (current.session?.data !== session.data) return;
      if (user) return repo.saveState(this.db, { ...current.state, user });
      this.options.log.warn('The stored Telegram session was revoked; Telegram counts as logged out');
      await this.keeper?.drop();
      await repo.clearLogin(this.db, TEXT.revoked);
    });
  }

  async close(): Promise<void> {
    await this.keeper?.drop();
  }

  /** Runs a code or password step against the stored session, mapping Telegram's refusals. */
  private step(expected: 'code' | 'password', wrongStep: string, work: (gateway: MtprotoGateway, state: StoredAuthState) => Promise<TelegramAuthActionResponse>) {
    const keeper = this.requireKeeper();
    return this.exclusive(async () => {
      const { state, session } = await repo.readLogin(this.db);
      if (state.step === 'authenticated') throw new AppError('conflict', TEXT.alreadyLoggedIn);
      if (state.step !== expected || !session) throw new AppError('conflict', wrongStep);
      const gateway = keeper.forStored(session);
      if (!gateway) throw new AppError('conflict', TEXT.unreadable);
      try {
        return await work(gateway, state);
      } catch (error) {
        // An expired code or a lost session cannot be continued: back to the phone step.
        if (isMtprotoError(error, 'code_expired') || isMtprotoError(error, 'unauthorized')) {
          await keeper.drop();
          await repo.clearLogin(this.db, isMtprotoError(error, 'code_expired') ? TEXT.codeExpired : TEXT.sessionLost);
        }
        throw toAppError(error);
      }
    });
  }

  private async finishLogin(gateway: MtprotoGateway, state: StoredAuthState, user: MtprotoUser): Promise<TelegramAuthActionResponse> {
    const next: StoredAuthState = { step: 'authenticated', phoneNumber: state.phoneNumber, user };
    await repo.saveLogin(this.db, next, this.requireKeeper().seal(gateway));
    this.options.log.info(`Telegram account logged in${user.username ? ` as @${user.username}` : ''}`);
    return this.answer(TEXT.loggedIn, next);
  }

  private answer(message: string, state: StoredAuthState): TelegramAuthActionResponse {
    return { success: true, message, status: describeLogin(state, true) };
  }

  // Without TELEGRAM_API_ID/HASH nothing failed: the request does not fit how the site is set up (409).
  private requireKeeper(): GatewayKeeper {
    if (!this.keeper) throw new AppError('conflict', TEXT.notConfigured);
    return this.keeper;
  }
}
