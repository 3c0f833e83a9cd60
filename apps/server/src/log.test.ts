import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { formatLine, loggerSettings, readableStream } from './log.ts';

describe('logs', () => {
  it('are JSON in production and readable lines in development', () => {
    expect(loggerSettings({ env: 'production', logLevel: 'info' }).stream).toBeUndefined();
    expect(loggerSettings({ env: 'development', logLevel: 'info' }).stream).toBeDefined();
  });

  it('write a request as method, address, status and time', () => {
    const time = new Date(2026, 10, 23, 9, 5, 7, 42).getTime();
    const line = formatLine(JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', reqId: 'req-1', req: { method: 'GET', url: '/api/articles' }, res: { statusCode: 200 }, responseTime: 3.456, msg: 'request completed' }));
    expect(line).toBe('09:05:07.042 INFO  GET /api/articles request completed → 200 (3.5 ms)');
  });

  it('keep other fields and the stack of an error', () => {
    const line = formatLine(JSON.stringify({ level: 50, time: 0, msg: 'job failed', job: 'ingest-post', attempt: 2, err: { message: 'boom', stack: 'Error: boom\n    at x' } }));
    expect(line).toContain('ERROR job failed  job=ingest-post attempt=2');
    expect(line).toContain('Error: boom\n    at x');
  });

  it('go through pino to the readable stream', () => {
    const lines: string[] = [];
    const out = Object.assign(new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } }), { isTTY: false });
    pino({ level: 'info' }, readableStream(out)).warn({ channel: 'news' }, 'channel unreachable');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN {2}channel unreachable {2}channel=news\n$/);
  });
});
