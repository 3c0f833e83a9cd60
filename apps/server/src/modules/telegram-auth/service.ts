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
import { codeTooSoon, parseInput, StepTimeout, toAppError } from './auth-errors.ts';
import { describeLogin, notConfiguredStatus } from './auth-status.ts';
import { GatewayKeeper } from './gateway-keeper.ts';
import { maskPhone, TEXT, type TelegramReach } from './messages.ts';
import { telegramAuthRepo as repo, type StoredAuthState } from './repo.ts';
import { serialQueue } from './serial-queue.ts';
import { SignInLimits } from './sign-in-limits.ts';

const CODE_INTERVAL_MS = TELEGRAM_CODE_INTERVAL_HOURS * 3_600_000;
/** Every sign-in step that talks to Telegram answers within this (issue: a spinner for minutes). */
export const SIGN_IN_DEADLINE_MS = 20_000;

export interface TelegramAuthOptions {
  db: Db;
  /** SESSION_SECRET: the stored session is sealed under a key derived from it. */
  secret: string;
  /** Null when TELEGRAM_API_ID/HASH are unset: the flow answers 409 and the site uses public pages. */
  createGateway: MtprotoGatewayFactory | null;
  floodWait?: FloodWaitPolicy;
  now?: () => Date;
  /** How long a step may wait for Telegram (connecting included); SIGN_IN_DEADLINE_MS by default. */
  deadlineMs?: number;
  /** The proxy GramJS goes through, named in the error when Telegram cannot be reached. */
  reach?: TelegramReach;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

export class TelegramAuthService {
  private readonly keeper: GatewayKeeper | null;
  private readonly db: Db;
  private readonly now: () => Date;
  // One step at a time in this process: two quick clicks must not both request a code.
  private readonly exclusive = serialQueue();
  private readonly limits: SignInLimits;
  private readonly reach: TelegramReach;

  constructor(private readonly options: TelegramAuthOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
    this.limits = new SignInLimits(options.db, this.now);
    this.reach = options.reach ?? { via: null, httpProxyOnly: false };
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

  /**
   * Set up or not (and what to set), and when the next code may be asked for: for the number
   * waiting for its code, else for the number a code was last requested for.
   */
  async info(missing: string[]): Promise<TelegramAuthInfo> {
    const { state } = await repo.readLogin(this.db);
    const pending = (state.step === 'code' || state.step === 'password') && state.phoneNumber ? state.phoneNumber : null;
    const last = pending ? { phone: pending, at: await repo.lastCodeRequest(this.db, pending) } : await repo.latestCodeRequest(this.db);
    const next = last?.at ? new Date(last.at.getTime() + CODE_INTERVAL_MS) : null;
    return {
      configured: this.configured,
      missing: this.configured ? [] : missing,
      codeIntervalHours: TELEGRAM_CODE_INTERVAL_HOURS,
      lastCodeRequestAt: last?.at?.toISOString() ?? null,
      nextCodeRequestAt: next && next > this.now() ? next.toISOString() : null,
      codeRequestPhone: last?.at ? maskPhone(last.phone) : null,
    };
  }

  async sendPhone(input: z.input<typeof telegramSendPhoneBody>): Promise<TelegramSendPhoneResponse> {
    const { phoneNumber } = parseInput(telegramSendPhoneBody, input);
    const keeper = this.requireKeeper();
    return this.exclusive(async () => {
      const { state } = await repo.readLogin(this.db);
      if (state.step === 'authenticated') throw new AppError('conflict', TEXT.alreadyLoggedIn);
      const now = this.now();
      const previous = await repo.lastCodeRequest(this.db, phoneNumber);
      // Telegram locks out accounts that ask for codes too often (spec 03 §9): claim first, then ask.
      if (!(await repo.claimCodeRequest(this.db, phoneNumber, now, new Date(now.getTime() - CODE_INTERVAL_MS)))) {
        const last = (await repo.lastCodeRequest(this.db, phoneNumber)) ?? now;
        throw codeTooSoon(new Date(last.getTime() + CODE_INTERVAL_MS), now, phoneNumber);
      }
      const gateway = keeper.fresh();
      let phoneCodeHash: string;
      try {
        ({ phoneCodeHash } = await this.inTime(gateway.sendCode(phoneNumber)));
      } catch (error) {
        // No code was sent (or none we could use: the hash it belongs to never came back), so the
        // attempt does not count against the limit.
        await repo.restoreCodeRequest(this.db, phoneNumber, previous);
        throw await this.failed(error);
      }
      const next: StoredAuthState = { step: 'code', phoneNumber, phoneCodeHash };
      await repo.saveLogin(this.db, next, keeper.seal(gateway));
      await this.limits.newCodeRequest();
      return {
        ...this.answer(TEXT.codeSent(maskPhone(phoneNumber) ?? ''), next),
        nextCodeRequestAt: new Date(now.getTime() + CODE_INTERVAL_MS).toISOString(),
      };
    });
  }

  async verifyCode(input: z.input<typeof telegramVerifyCodeBody>): Promise<TelegramAuthActionResponse> {
    const { code } = parseInput(telegramVerifyCodeBody, input);
    return this.step('code', TEXT.noCodeRequested, async (gateway, state) => {
      const phone = state.phoneNumber ?? '';
      const nextCodeRequestAt = async () => new Date(((await repo.lastCodeRequest(this.db, phone))?.getTime() ?? 0) + CODE_INTERVAL_MS);
      try {
        const user = await this.limits.code(nextCodeRequestAt, () => this.inTime(gateway.signIn(phone, code, state.phoneCodeHash ?? '')));
        return await this.finishLogin(gateway, state, user);
      } catch (error) {
        if (!isMtprotoError(error, 'password_needed')) throw error;
        const next: StoredAuthState = { step: 'password', phoneNumber: state.phoneNumber };
        await repo.saveLogin(this.db, next, this.requireKeeper().seal(gateway));
        return this.answer(TEXT.passwordNeeded, next);
      }
    });
  }

  /** `adminId`: the signed-in admin, whose wrong passwords are counted (sign-in-limits.ts). */
  async verifyPassword(input: z.input<typeof telegramVerifyPasswordBody>, actor: { adminId: number }): Promise<TelegramAuthActionResponse> {
    const { password } = parseInput(telegramVerifyPasswordBody, input);
    return this.step('password', TEXT.noPasswordNeeded, async (gateway, state) => {
      const user = await this.limits.password(actor.adminId, () => this.inTime(gateway.checkPassword(password)));
      return this.finishLogin(gateway, state, user);
    });
  }

  /**
   * The way back from a mistyped number: forgets the pending code (or password) step without
   * asking Telegram, so another number can be entered. The number's request time stays: the
   * 22-hour rule still holds for it, not for the others.
   */
  async cancel(): Promise<TelegramAuthActionResponse> {
    const keeper = this.requireKeeper();
    return this.exclusive(async () => {
      const { state } = await repo.readLogin(this.db);
      if (state.step === 'authenticated') throw new AppError('conflict', TEXT.alreadyLoggedIn);
      if (state.step === 'phone') throw new AppError('conflict', TEXT.nothingToCancel);
      await keeper.drop();
      await repo.clearLogin(this.db);
      await this.limits.newCodeRequest();
      return this.answer(TEXT.cancelled, { step: 'phone' });
    });
  }

  /** Ends the session at Telegram when it can, and forgets it here in any case. */
  async logout(): Promise<TelegramAuthActionResponse> {
    const keeper = this.requireKeeper();
    return this.exclusive(async () => {
      const { session } = await repo.readLogin(this.db);
      const gateway = session ? keeper.forStored(session) : null;
      if (gateway) {
        await this.inTime(gateway.logOut()).catch((error: unknown) => this.options.log.warn({ err: error }, 'Telegram logout failed; the stored session is deleted anyway'));
      }
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
        throw await this.failed(error);
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

  /** `call`, or StepTimeout once the deadline passes; what it answers later is dropped. */
  private async inTime<T>(call: Promise<T>): Promise<T> {
    const ms = this.options.deadlineMs ?? SIGN_IN_DEADLINE_MS;
    let timer: NodeJS.Timeout | undefined;
    call.catch(() => undefined);
    try {
      return await Promise.race([call, new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new StepTimeout(Math.ceil(ms / 1000))), ms); })]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The error to answer with; after a timeout the connection still trying is closed first. */
  private async failed(error: unknown): Promise<unknown> {
    if (error instanceof StepTimeout) await this.keeper?.drop();
    return toAppError(error, this.reach);
  }
}
