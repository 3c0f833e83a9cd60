// A body that trickles in slower than the slowest reader's line is cut off with a Persian 408
// (short limits here: 300 ms of grace, then 1,000 bytes a second), over a real socket.
import { connect, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { bodyDeadlineMs } from './body-deadline.ts';

let t: TestApp;
let port: number;
const pace = { graceMs: 300, minBytesPerSecond: 1_000 };

beforeAll(async () => {
  t = await buildTestApp({ config: { bodyPace: pace } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => { await t?.close(); });

interface Exchange { socket: Socket; answer: Promise<{ text: string; afterMs: number }> }

/** Opens a connection and collects everything the server says until it closes. */
function open(): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const started = Date.now();
    const answer = new Promise<{ text: string; afterMs: number }>((done) => {
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('close', () => done({ text: Buffer.concat(chunks).toString('utf8'), afterMs: Date.now() - started }));
    });
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, answer }));
    socket.once('error', reject);
  });
}

const body = JSON.stringify({ email: 'reader@example.com' });
const head = (length: number) => `POST /api/newsletter/subscribe HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('a request body that arrives too slowly', () => {
  it('is given the grace plus its length at the slowest pace, none when there is no body', () => {
    expect(bodyDeadlineMs({ 'content-length': '2000' }, pace)).toBe(2_300);
    expect(bodyDeadlineMs({ 'transfer-encoding': 'chunked' }, pace)).toBe(900);
    expect(bodyDeadlineMs({}, pace)).toBeUndefined();
    expect(bodyDeadlineMs({ 'content-length': '0' }, pace)).toBeUndefined();
  });

  it('gets a Persian 408 and its connection closed once its time is up, a byte at a time', async () => {
    const { socket, answer } = await open();
    socket.write(head(body.length));
    const trickle = (async () => {
      for (const char of body) {
        if (socket.destroyed) return;
        socket.write(char);
        await sleep(100);
      }
    })();
    const { text, afterMs } = await answer;
    await trickle;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(text.split('\r\n\r\n')[1])).toEqual({ error: 'request_timeout', message: 'درخواست در زمان مجاز کامل نرسید' });
    // 300 ms + 37 bytes at 1,000 a second; the trickle alone would take 3.7 s.
    expect(afterMs).toBeGreaterThanOrEqual(300);
    expect(afterMs).toBeLessThan(2_500);
  });

  it('is answered as usual when it comes slowly but within its time', async () => {
    const { socket, answer } = await open();
    socket.write(head(body.length) + body.slice(0, 10));
    await sleep(150);
    socket.write(body.slice(10));
    // The server closes the connection once it has answered (Connection: close): the test waits
    // for the answer however long a busy machine takes, rather than hanging up at a set time.
    const { text } = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(JSON.parse(text.split('\r\n\r\n')[1])).toMatchObject({ success: true, pending: true });
  });
});
