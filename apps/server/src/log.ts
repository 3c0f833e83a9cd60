// The one logger setup: JSON lines in production (for a log collector), one readable line per
// entry in development (`npm run dev`): time, level, message, then the request or the other
// fields.
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config.ts';
import { errSerializer } from './query-errors.ts';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLOURS: Record<number, string> = { 10: '90', 20: '36', 30: '32', 40: '33', 50: '31', 60: '35' };
const OMITTED = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'err', 'v']);

interface Entry {
  level: number;
  time: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** One JSON log line as a person reads it. */
export function formatLine(json: string, colour = false): string {
  let entry: Entry;
  try {
    entry = JSON.parse(json) as Entry;
  } catch {
    return json.trimEnd();
  }
  const date = new Date(entry.time);
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
  const name = (LEVELS[entry.level] ?? String(entry.level)).padEnd(5);
  const level = colour ? `\x1b[${COLOURS[entry.level] ?? '0'}m${name}\x1b[0m` : name;
  let text = entry.msg ?? '';
  if (entry.req?.method) text = `${entry.req.method} ${entry.req.url ?? ''} ${text}`;
  if (entry.res?.statusCode !== undefined) {
    text = `${text} → ${entry.res.statusCode}${entry.responseTime !== undefined ? ` (${entry.responseTime.toFixed(1)} ms)` : ''}`;
  }
  const extra = Object.entries(entry).filter(([key]) => !OMITTED.has(key)).map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const lines = [`${time} ${level} ${text}${extra.length ? `  ${extra.join(' ')}` : ''}`];
  if (entry.err?.stack) lines.push(entry.err.stack);
  else if (entry.err?.message) lines.push(`  ${entry.err.message}`);
  return lines.join('\n');
}

/** A destination that writes each entry as one readable line (colours on a terminal). */
export function readableStream(out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout): DestinationStream {
  const colour = Boolean(out.isTTY);
  return { write: (line: string) => { out.write(`${formatLine(line, colour)}\n`); } };
}

/** Readable in development, JSON otherwise; LOG_LEVEL decides what is written. */
export function loggerSettings(config: Pick<Config, 'env' | 'logLevel'>): { options: LoggerOptions; stream?: DestinationStream } {
  // A failed query's parameters (password hashes, tokens) never reach the log.
  const options: LoggerOptions = { level: config.logLevel, serializers: { err: errSerializer } };
  return config.env === 'development' ? { options, stream: readableStream() } : { options };
}

export function createLogger(config: Pick<Config, 'env' | 'logLevel'>): Logger {
  const { options, stream } = loggerSettings(config);
  return stream ? pino(options, stream) : pino(options);
}
