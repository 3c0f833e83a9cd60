import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostAllowed, isPrivateAddress, TELEGRAM_MEDIA_HOSTS } from './address-policy.ts';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fetchMediaSafely, fetchMediaToFile, MediaFetchError, type MediaFetchPolicy } from './safe-media-fetch.ts';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/redirect-private') return res.writeHead(302, { location: 'http://localhost/x.jpg' }).end();
    if (req.url === '/redirect-away') return res.writeHead(302, { location: 'https://evil.example/x.jpg' }).end();
    if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (req.url === '/big') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(5000));
    if (req.url === '/chunked') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      for (let i = 0; i < 10; i++) res.write(Buffer.alloc(1000));
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.from('small'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// As the app builds it: the test origin is trusted and its host is among the allowed hosts.
let policy: MediaFetchPolicy;
beforeAll(() => { policy = { allowedHosts: [...TELEGRAM_MEDIA_HOSTS, '127.0.0.1'], trustedOrigins: [base], maxBytes: 2000 }; });
const code = (promise: Promise<unknown>) => promise.then(() => 'ok', (e: unknown) => (e instanceof MediaFetchError ? e.code : String(e)));

describe('fetchMediaSafely', () => {
  it('downloads from the trusted test host', async () => {
    const media = await fetchMediaSafely(`${base}/a.jpg`, policy);
    expect(media.body.toString()).toBe('small');
    expect(media.contentType).toBe('image/jpeg');
  });

  it('refuses hosts that are not Telegram\'s and addresses inside the network', async () => {
    expect(await code(fetchMediaSafely('https://evil.example/a.jpg', policy))).toBe('host_not_allowed');
    expect(await code(fetchMediaSafely('http://10.1.2.3/a.jpg', { ...policy, allowedHosts: ['10.1.2.3'] }))).toBe('private_address');
    expect(await code(fetchMediaSafely(`${base}/a.jpg`, { ...policy, trustedOrigins: [], allowedHosts: ['127.0.0.1'] }))).toBe('host_not_allowed');
    expect(await code(fetchMediaSafely('http://localhost/a.jpg', { ...policy, trustedOrigins: [], allowedHosts: ['localhost'] }))).toBe('private_address');
    expect(await code(fetchMediaSafely('file:///etc/passwd', policy))).toBe('host_not_allowed');
  });

  it('trusts exactly the configured origin, not every port or scheme of its host', async () => {
    const other = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end('inside'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const otherPort = (other.address() as AddressInfo).port;
      expect(await code(fetchMediaSafely(`http://127.0.0.1:${otherPort}/a.jpg`, policy))).toBe('host_not_allowed');
      expect(await code(fetchMediaSafely(`http://127.0.0.1/a.jpg`, policy))).toBe('private_address');
      expect(await code(fetchMediaSafely(base.replace('http:', 'https:') + '/a.jpg', policy))).not.toBe('ok');
      const port = new URL(base).port;
      expect(await code(fetchMediaSafely(`http://localhost:${port}/a.jpg`, { ...policy, allowedHosts: [...policy.allowedHosts, 'localhost'] }))).not.toBe('ok');
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  it('checks every redirect again, and stops redirect loops', async () => {
    expect(await code(fetchMediaSafely(`${base}/redirect-away`, policy))).toBe('host_not_allowed');
    expect(await code(fetchMediaSafely(`${base}/redirect-private`, { ...policy, allowedHosts: [...TELEGRAM_MEDIA_HOSTS, 'localhost'] }))).toBe('private_address');
    expect(await code(fetchMediaSafely(`${base}/loop`, policy))).toBe('too_many_redirects');
  });

  it('caps the size, declared or streamed', async () => {
    expect(await code(fetchMediaSafely(`${base}/big`, policy))).toBe('too_large');
    expect(await code(fetchMediaSafely(`${base}/chunked`, policy))).toBe('too_large');
  });

  it('writes a download to a file as it arrives, under the same rules', async () => {
    const file = path.join(os.tmpdir(), `chapar-fetch-test-${process.pid}`);
    try {
      expect(await fetchMediaToFile(`${base}/a.jpg`, policy, file)).toMatchObject({ bytes: 5, contentType: 'image/jpeg' });
      expect(readFileSync(file, 'utf8')).toBe('small');
      const roomy = { ...policy, maxBytes: 20_000 };
      expect((await fetchMediaToFile(`${base}/chunked`, roomy, file)).bytes).toBe(10_000);
      expect(readFileSync(file).length).toBe(10_000);
      expect(await code(fetchMediaToFile(`${base}/chunked`, policy, file))).toBe('too_large');
      expect(await code(fetchMediaToFile(`${base}/redirect-away`, policy, `${file}-away`))).toBe('host_not_allowed');
      expect(existsSync(`${file}-away`)).toBe(false);
    } finally {
      rmSync(file, { force: true });
    }
  });
});

describe('address policy', () => {
  it.each(['127.0.0.1', '10.0.0.8', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', 'not-an-ip'])('%s is private', (a) => {
    expect(isPrivateAddress(a)).toBe(true);
  });
  it.each(['149.154.167.99', '91.108.4.1', '2001:67c:4e8::1'])('%s is public', (a) => {
    expect(isPrivateAddress(a)).toBe(false);
  });
  it('knows Telegram\'s hosts and their subdomains only', () => {
    expect(hostAllowed('cdn4.telesco.pe', TELEGRAM_MEDIA_HOSTS)).toBe(true);
    expect(hostAllowed('t.me', TELEGRAM_MEDIA_HOSTS)).toBe(true);
    expect(hostAllowed('eviltelesco.pe', TELEGRAM_MEDIA_HOSTS)).toBe(false);
    expect(hostAllowed('t.me.evil.example', TELEGRAM_MEDIA_HOSTS)).toBe(false);
  });
});
