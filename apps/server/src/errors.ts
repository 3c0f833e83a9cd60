/** Named error codes and their HTTP statuses, in one table. */
const statusByCode = {
  bad_request: 400,
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  csrf_invalid: 403,
  not_found: 404,
  not_acceptable: 406,
  conflict: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  gateway_timeout: 504,
} as const;

export type ErrorCode = keyof typeof statusByCode;

export class AppError extends Error {
  readonly status: number;
  constructor(readonly code: ErrorCode, message: string, readonly headers?: Record<string, string>) {
    super(message);
    this.status = statusByCode[code];
  }
}

export const notFound = (message = 'مورد درخواستی یافت نشد') => new AppError('not_found', message);
export const badRequest = (message: string) => new AppError('bad_request', message);

/**
 * Whole seconds (at least one) until a row stamped `stampMs` leaves a window of `windowMs`, for
 * Retry-After. A request reads its clock before it waits for its locks, so a row stored meanwhile
 * can carry a later stamp; counting from the later of the two keeps the wait within the window.
 */
export function secondsUntilLeaves(stampMs: number, windowMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((stampMs + windowMs - Math.max(nowMs, stampMs)) / 1000));
}

/**
 * Whole seconds until every full budget has room again, 0 when none is full. `used[i]` counts the
 * rows inside `budgets[i]`'s window, `oldest` being the stamp (epoch ms) of its earliest row.
 */
export function secondsUntilBudgetsAllow(
  budgets: ReadonlyArray<{ max: number; windowMs: number }>, used: ReadonlyArray<{ count: number; oldest: number | null }>, nowMs: number,
): number {
  return Math.max(0, ...budgets.map((budget, i) => {
    const { count, oldest } = used[i];
    return count >= budget.max && oldest !== null ? secondsUntilLeaves(oldest, budget.windowMs, nowMs) : 0;
  }));
}
