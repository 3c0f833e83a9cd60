// A request's body must arrive at a reader's pace, however slow, but not slower: one that
// trickles in a byte at a time would otherwise hold its connection for Node's five minutes.
// Each body gets a grace period plus the time its declared length takes at the slowest pace
// a phone on a throttled line still manages; a body that is not complete by then gets a
// Persian 408 and the connection closes. A body of unknown length (chunked) gets three graces.
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';

export interface BodyPace {
  /** Time every body gets, whatever its length. */
  graceMs: number;
  /** The slowest average pace accepted after the grace. */
  minBytesPerSecond: number;
}

const TIMED_OUT = JSON.stringify({ error: 'request_timeout', message: 'درخواست در زمان مجاز کامل نرسید' });

/** How long this request's body may take to arrive; undefined when it has none. */
export function bodyDeadlineMs(headers: IncomingMessage['headers'], pace: BodyPace): number | undefined {
  const length = Number(headers['content-length']);
  if (Number.isSafeInteger(length) && length > 0) return pace.graceMs + Math.ceil((length / pace.minBytesPerSecond) * 1000);
  return headers['transfer-encoding'] === undefined ? undefined : 3 * pace.graceMs;
}

/** Starts the clock on the request's body; called for each request before the app sees it. */
export function watchBodyPace(request: IncomingMessage, response: ServerResponse, pace: BodyPace): void {
  const ms = bodyDeadlineMs(request.headers, pace);
  if (ms === undefined) return;
  const timer = setTimeout(() => {
    if (request.complete || response.writableEnded) return;
    const socket = request.socket;
    if (!response.headersSent && socket.writable) {
      socket.end(`HTTP/1.1 408 ${STATUS_CODES[408]}\r\nContent-Length: ${Buffer.byteLength(TIMED_OUT)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${TIMED_OUT}`);
    }
    // The answer is flushed before the socket goes; whatever the app was waiting for ends with it.
    socket.destroySoon();
  }, ms);
  timer.unref();
  const stop = () => clearTimeout(timer);
  request.once('end', stop);
  response.once('close', stop);
}
