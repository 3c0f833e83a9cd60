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
