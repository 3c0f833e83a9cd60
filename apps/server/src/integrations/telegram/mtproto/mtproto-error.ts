// One error type for everything an MTProto call can fail with, so the login flow
// and the source decide by code and never look at GramJS's error classes.

export type MtprotoErrorCode =
  /** signIn: the account has two-step verification; checkPassword comes next. */
  | 'password_needed'
  | 'phone_invalid'
  | 'phone_banned'
  | 'code_invalid'
  | 'code_expired'
  | 'password_invalid'
  /** The number has no Telegram account; we never create one. */
  | 'sign_up_required'
  /** FLOOD_WAIT_X and its relatives: `waitSeconds` says how long. */
  | 'flood_wait'
  /** The session is not logged in, was revoked, or the account is gone. */
  | 'unauthorized'
  /** Unknown, private or invalid channel username. */
  | 'channel_unavailable'
  | 'media_unavailable'
  /** Telegram could not be reached. */
  | 'network'
  /** Any other RPC error; `rpcError` names it. */
  | 'rpc';

export class MtprotoError extends Error {
  readonly waitSeconds?: number;
  readonly rpcError?: string;

  constructor(readonly code: MtprotoErrorCode, message: string, details: { waitSeconds?: number; rpcError?: string; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'MtprotoError';
    this.waitSeconds = details.waitSeconds;
    this.rpcError = details.rpcError;
  }
}

export const isMtprotoError = (error: unknown, code?: MtprotoErrorCode): error is MtprotoError =>
  error instanceof MtprotoError && (code === undefined || error.code === code);
