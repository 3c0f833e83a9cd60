/** Named error codes and their HTTP statuses, in one table. */
const statusByCode = {
  bad_request: 400,
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  csrf_invalid: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
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
