// GramJS through the configured proxies: the client options built from TELEGRAM_PROXY_URL and
// TELEGRAM_MTPROTO_PROXY, and a real client whose connection goes through a local SOCKS5 proxy
// or to a local MTProto proxy. The data centre it is pointed at is a loopback address, so
// nothing leaves this machine even if the proxy were bypassed.
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSocks5Proxy, type TestProxy } from '../../../../testing/proxy-servers.ts';
import { gramjsProxy, parseMtprotoProxy, parseProxyUrl, type MtprotoProxy, type TelegramProxy } from '../proxy-settings.ts';
import { createGramjsGateway, gramjsClientParams } from './gramjs-gateway.ts';

const SECRET = '00112233445566778899aabbccddeeff';
const socks = parseProxyUrl('socks5://chapar:p%40ss@127.0.0.1:1080') as TelegramProxy;
const http = parseProxyUrl('http://proxy.example:3128') as TelegramProxy;
const mtproto = parseMtprotoProxy(`tg://proxy?server=mt.example&port=443&secret=dd${SECRET}`) as MtprotoProxy;

describe('gramjsClientParams with the proxy settings', () => {
  const proxyOf = (p?: TelegramProxy, m?: MtprotoProxy) => gramjsClientParams({ proxy: gramjsProxy(p, m) });

  it('uses the MTProto proxy when one is set, before any SOCKS5 proxy', () => {
    expect(proxyOf(socks, mtproto)).toMatchObject({ proxy: { ip: 'mt.example', port: 443, secret: `dd${SECRET}`, MTProxy: true }, useWSS: false });
    expect(proxyOf(undefined, mtproto).proxy).toEqual({ ip: 'mt.example', port: 443, secret: `dd${SECRET}`, MTProxy: true, timeout: 10 });
  });

  it('uses a SOCKS5 TELEGRAM_PROXY_URL, with its credentials, when no MTProto proxy is set', () => {
    expect(proxyOf(socks).proxy).toEqual({ ip: '127.0.0.1', port: 1080, socksType: 5, username: 'chapar', password: 'p@ss', timeout: 10 });
  });

  it('connects directly with an HTTP proxy only (GramJS cannot tunnel through one) or none', () => {
    expect(proxyOf(http)).not.toHaveProperty('proxy');
    expect(proxyOf()).not.toHaveProperty('proxy');
    expect(proxyOf()).toMatchObject({ connectionRetries: 3, floodSleepThreshold: 0 });
  });
});

/** A saved GramJS session whose data centre is 127.0.0.1:port (StringSession's layout). */
function sessionAt(port: number): string {
  const address = Buffer.from('127.0.0.1');
  const length = Buffer.alloc(2);
  length.writeInt16BE(address.length);
  const portBytes = Buffer.alloc(2);
  portBytes.writeInt16BE(port);
  return `1${Buffer.concat([Buffer.from([2]), length, address, portBytes, randomBytes(256)]).toString('base64')}`;
}

// GramJS dials a data centre's address on port 80 over TCP, whatever port the session holds.
const DC_PORT = 443;

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => { await Promise.all(cleanup.splice(0).map((f) => f())); });

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a GramJS client with a proxy', () => {
  it('opens its connection to the data centre through the SOCKS5 proxy', async () => {
    const proxy: TestProxy = await startSocks5Proxy({ username: 'chapar', password: 'p@ss' });
    cleanup.push(() => proxy.close());
    const gateway = createGramjsGateway({ apiId: 12345, apiHash: 'a'.repeat(32), session: sessionAt(DC_PORT), proxy: gramjsProxy(parseProxyUrl(proxy.url) as TelegramProxy, undefined) });
    cleanup.push(() => gateway.disconnect());
    // Never settles: the gateway is disconnected after the test, and GramJS leaves the call open.
    void gateway.getMe().catch(() => undefined);
    await until(() => proxy.connects.length > 0);
    expect(proxy.connects[0]).toBe('127.0.0.1:80');
    expect(proxy.refused).toEqual([]);
  });

  it('speaks to the MTProto proxy instead of the data centre', async () => {
    const received: Buffer[] = [];
    const sockets = new Set<Socket>();
    const server: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise((resolve) => { for (const s of sockets) s.destroy(); server.close(resolve); }));
    const { port } = server.address() as AddressInfo;
    const link = parseMtprotoProxy(`tg://proxy?server=127.0.0.1&port=${port}&secret=${SECRET}`) as MtprotoProxy;
    const gateway = createGramjsGateway({ apiId: 12345, apiHash: 'a'.repeat(32), session: sessionAt(DC_PORT), proxy: gramjsProxy(undefined, link) });
    cleanup.push(() => gateway.disconnect());
    // Never settles: the gateway is disconnected after the test, and GramJS leaves the call open.
    void gateway.getMe().catch(() => undefined);
    // The obfuscated MTProxy handshake opens with a 64-byte header.
    await until(() => Buffer.concat(received).length >= 64);
    expect(sockets.size).toBeGreaterThan(0);
  });
});
