// A failed query's error (drizzle's DrizzleQueryError) carries the statement's parameters in its
// message ("Failed query: … params: admin,scrypt$…") and as a property: password hashes, session
// and invitation tokens, readers' addresses. What reaches a console, a journal or a log collector
// goes through here first and keeps the statement and the database's own words, never the values.
import pino from 'pino';

interface QueryError extends Error {
  query: string;
  params: unknown[];
}

const isQueryError = (error: unknown): error is QueryError =>
  error instanceof Error && typeof (error as Partial<QueryError>).query === 'string' && Array.isArray((error as Partial<QueryError>).params);

const causeMessage = (error: Error) => (error.cause instanceof Error ? error.cause.message : undefined);

/** The error as it may be written down: a failed query's parameters replaced by their count. */
export function withoutQueryParams(error: unknown): unknown {
  if (!isQueryError(error)) return error;
  const cause = causeMessage(error);
  const safe = new Error(`Failed query: ${error.query}\nparams: (${error.params.length} not shown)${cause ? `\ncause: ${cause}` : ''}`);
  safe.name = error.name;
  // Only the first line of the stack: the rest is where it was thrown, which holds no values.
  safe.stack = `${safe.name}: ${safe.message}\n${(error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).join('\n')}`;
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') Object.assign(safe, { code });
  return safe;
}

/** What a command prints when it fails: the message, a failed query's parameters left out. */
export function commandFailureText(error: unknown): string {
  const safe = withoutQueryParams(error);
  return safe instanceof Error ? safe.message : String(safe);
}

/** pino's error serializer, failed queries' parameters left out. */
export const errSerializer = (error: Error) => pino.stdSerializers.err(withoutQueryParams(error) as Error);

/** PostgreSQL's code for a row a unique key already holds. */
export const UNIQUE_VIOLATION = '23505';

/** SQLSTATE classes are two digits, or one of the few lettered ones (F0, HV, P0, XX); errno codes (EPIPE) are not. */
const SQLSTATE = /^(?:\d[\dA-Z]|F0|HV|P0|XX)[\dA-Z]{3}$/;

/**
 * The SQLSTATE a failed statement ended with. drizzle wraps the driver's error (the code is on its
 * `cause`), and a caller may wrap it again, so the chain is read, not the error itself.
 */
export function sqlState(error: unknown): string | undefined {
  let e = error;
  for (let depth = 0; e !== null && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && SQLSTATE.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
