// GramJS errors → MtprotoError. GramJS raises RPCError subclasses named by
// Telegram's error strings, plus plain Errors for connection trouble.
import { errors } from 'telegram';
import { floodWaitError } from './flood-wait.ts';
import { MtprotoError, type MtprotoErrorCode } from './mtproto-error.ts';

const BY_RPC_MESSAGE: Record<string, MtprotoErrorCode> = {
  SESSION_PASSWORD_NEEDED: 'password_needed',
  PHONE_NUMBER_INVALID: 'phone_invalid',
  PHONE_NUMBER_UNOCCUPIED: 'sign_up_required',
  PHONE_NUMBER_BANNED: 'phone_banned',
  PHONE_CODE_INVALID: 'code_invalid',
  PHONE_CODE_EMPTY: 'code_invalid',
  PHONE_CODE_EXPIRED: 'code_expired',
  PHONE_CODE_HASH_EMPTY: 'code_expired',
  PASSWORD_HASH_INVALID: 'password_invalid',
  AUTH_KEY_UNREGISTERED: 'unauthorized',
  AUTH_KEY_INVALID: 'unauthorized',
  SESSION_REVOKED: 'unauthorized',
  SESSION_EXPIRED: 'unauthorized',
  USER_DEACTIVATED: 'unauthorized',
  USER_DEACTIVATED_BAN: 'unauthorized',
  CHANNEL_INVALID: 'channel_unavailable',
  CHANNEL_PRIVATE: 'channel_unavailable',
  USERNAME_INVALID: 'channel_unavailable',
  USERNAME_NOT_OCCUPIED: 'channel_unavailable',
  FILE_REFERENCE_EXPIRED: 'media_unavailable',
  MEDIA_EMPTY: 'media_unavailable',
};

export function fromGramjsError(error: unknown): MtprotoError {
  if (error instanceof MtprotoError) return error;
  if (error instanceof errors.FloodWaitError || error instanceof errors.FloodTestPhoneWaitError || error instanceof errors.SlowModeWaitError) {
    return floodWaitError(error.seconds, error);
  }
  if (error instanceof errors.RPCError) {
    const rpcError = error.errorMessage;
    const code = BY_RPC_MESSAGE[rpcError] ?? (error instanceof errors.UnauthorizedError || error.code === 401 ? 'unauthorized' : 'rpc');
    return new MtprotoError(code, `Telegram answered ${rpcError}`, { rpcError, cause: error });
  }
  // GramJS resolves a username it cannot find with a plain Error, before any RPC error.
  const message = error instanceof Error ? error.message : String(error);
  if (/No user has "[^"]*" as username|Cannot find any entity/i.test(message)) {
    return new MtprotoError('channel_unavailable', message, { cause: error });
  }
  return new MtprotoError('network', `Could not talk to Telegram: ${message}`, { cause: error });
}
