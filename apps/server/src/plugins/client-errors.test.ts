import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => { await t?.close(); });

/** Writes raw bytes to the server and reads everything it answers until it closes. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** The last answer on the connection: status and JSON body. */
function lastAnswer(text: string): { status: number; length: number; body: { error: string; message: string } } {
  const start = text.lastIndexOf('HTTP/1.1 ');
  const [head, body] = text.slice(start).split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), length: Number(/content-length: (\d+)/i.exec(head)?.[1]), body: JSON.parse(body) };
}

describe('requests the HTTP parser refuses', () => {
  it('answers headers too large with a Persian 431 whose length counts bytes', async () => {
    const answer = lastAnswer(await raw(`GET /api/articles HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual({ error: 'headers_too_large', message: 'نشانی یا سرآیندهای درخواست بیش از حد بزرگ است' });
    expect(answer.length).toBe(Buffer.byteLength(JSON.stringify(answer.body)));
  });

  it('answers bytes that are no HTTP request with a Persian 400', async () => {
    const text = await raw('NOT A REQUEST\r\n\r\n');
    expect(text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    const answer = lastAnswer(text);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'bad_request', message: 'درخواست نامعتبر است' });
  });

  const longQuery = `q=${'%DA%A9'.repeat(4500)}`;

  /** The answer's status, headers (lower-cased names) and body as text. */
  function parts(text: string): { status: number; headers: Record<string, string>; body: string } {
    const [head, ...rest] = text.split('\r\n\r\n');
    const [statusLine, ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
  }

  it('shows a page opened by a too-long address as a Persian page, not JSON', async () => {
    const answer = parts(await raw(`GET /search?${longQuery} HTTP/1.1\r\nHost: x\r\nAccept: text/html,application/xhtml+xml,*/*;q=0.8\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toMatch(/^<!doctype html><html lang="fa" dir="rtl">/);
    expect(answer.body).toContain('<h1>نشانی نادرست است</h1>');
    expect(answer.body).toContain('نشانی یا سرآیندهای درخواست بیش از حد بزرگ است');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  });

  it('answers a HEAD of such a page with the page\'s headers and no body', async () => {
    const answer = parts(await raw(`HEAD /category/politics?${longQuery} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toBe('');
  });

  it('keeps JSON for the API, for other methods and for a client that does not take HTML', async () => {
    for (const request of [
      `GET /api/search/advanced?${longQuery} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `POST /search?${longQuery} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n`,
      `GET /search?${longQuery} HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n\r\n`,
    ]) {
      const answer = lastAnswer(await raw(request));
      expect(answer.status).toBe(431);
      expect(answer.body).toEqual({ error: 'headers_too_large', message: 'نشانی یا سرآیندهای درخواست بیش از حد بزرگ است' });
    }
  });
});
