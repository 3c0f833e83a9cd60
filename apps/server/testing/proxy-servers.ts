// Local proxies for the proxy tests: a SOCKS5 server (RFC 1928, with RFC 1929 user/password)
// and an HTTP CONNECT proxy. Each records what it was asked to connect to and forwards only to
// loopback addresses, so a client that tries to reach the real Telegram through it is refused
// (and seen) instead of sending traffic off this machine.
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface TestProxy {
  /** The proxy URL to configure, with the credentials when the proxy asks for them. */
  url: string;
  port: number;
  /** 'host:port' of every tunnel opened to a loopback address. */
  connects: string[];
  /** 'host:port' of every tunnel refused (not loopback, or wrong credentials: 'auth'). */
  refused: string[];
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

interface Credentials { username: string; password: string }

/** Reads exact byte counts from a socket until `release`, which hands back what is left over. */
function byteReader(socket: Socket) {
  let buffered = Buffer.alloc(0);
  let waiting: { n: number; resolve: (b: Buffer) => void } | null = null;
  const pump = () => {
    if (!waiting || buffered.length < waiting.n) return;
    const { n, resolve } = waiting;
    waiting = null;
    const out = buffered.subarray(0, n);
    buffered = buffered.subarray(n);
    resolve(out);
  };
  const onData = (chunk: Buffer) => { buffered = Buffer.concat([buffered, chunk]); pump(); };
  socket.on('data', onData);
  return {
    read: (n: number) => new Promise<Buffer>((resolve) => { waiting = { n, resolve }; pump(); }),
    release: () => { socket.pause(); socket.off('data', onData); return buffered; },
  };
}

function tracker(server: Server) {
  const sockets = new Set<Socket>();
  const track = (s: Socket) => { sockets.add(s); s.on('close', () => sockets.delete(s)); s.on('error', () => s.destroy()); return s; };
  const close = () => new Promise<void>((resolve) => {
    for (const s of sockets) s.destroy();
    server.close(() => resolve());
  });
  return { track, close };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export async function startSocks5Proxy(credentials?: Credentials): Promise<TestProxy> {
  const connects: string[] = [];
  const refused: string[] = [];
  const server = createServer();
  const { track, close } = tracker(server);
  server.on('connection', (client) => void handshake(track(client)).catch(() => client.destroy()));

  async function handshake(client: Socket): Promise<void> {
    const io = byteReader(client);
    const [, methodCount] = await io.read(2);
    const methods = [...(await io.read(methodCount))];
    const wanted = credentials ? 0x02 : 0x00;
    if (!methods.includes(wanted)) { client.end(Buffer.from([5, 0xff])); return; }
    client.write(Buffer.from([5, wanted]));
    if (credentials) {
      const [, userLength] = await io.read(2);
      const username = (await io.read(userLength)).toString();
      const [passwordLength] = await io.read(1);
      const password = (await io.read(passwordLength)).toString();
      const ok = username === credentials.username && password === credentials.password;
      client.write(Buffer.from([1, ok ? 0 : 1]));
      if (!ok) { refused.push('auth'); client.end(); return; }
    }
    const [, command, , addressType] = await io.read(4);
    let host: string;
    if (addressType === 1) host = [...(await io.read(4))].join('.');
    else if (addressType === 3) host = (await io.read((await io.read(1))[0])).toString();
    // IPv6: eight groups, compressed the usual way by the URL parser ('::1').
    else host = new URL(`http://[${(await io.read(16)).toString('hex').match(/.{4}/g)!.join(':')}]`).hostname.slice(1, -1);
    const port = (await io.read(2)).readUInt16BE(0);
    const target = `${host}:${port}`;
    const reply = (code: number) => Buffer.from([5, code, 0, 1, 0, 0, 0, 0, 0, 0]);
    if (command !== 1 || !LOOPBACK.has(host)) { refused.push(target); client.end(reply(0x02)); return; }
    connects.push(target);
    const upstream = track(connect({ host, port }));
    upstream.once('error', () => client.end(reply(0x05)));
    upstream.once('connect', () => {
      client.write(reply(0));
      const rest = io.release();
      if (rest.length) upstream.write(rest);
      client.pipe(upstream).pipe(client);
    });
  }

  const port = await listen(server);
  const auth = credentials ? `${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@` : '';
  return { url: `socks5://${auth}127.0.0.1:${port}`, port, connects, refused, close };
}

export async function startHttpConnectProxy(credentials?: Credentials): Promise<TestProxy> {
  const connects: string[] = [];
  const refused: string[] = [];
  const server = createHttpServer((_req, res) => res.writeHead(405).end());
  const { track, close } = tracker(server);
  server.on('connection', track);
  server.on('connect', (req, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    const expected = credentials && `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
    if (expected && req.headers['proxy-authorization'] !== expected) {
      refused.push('auth');
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nproxy-authenticate: Basic\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const { hostname, port } = new URL(`http://${target}`);
    const host = hostname.replace(/^\[|\]$/g, '');
    if (!LOOPBACK.has(host)) { refused.push(target); client.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n'); return; }
    connects.push(target);
    const upstream = track(connect({ host, port: Number(port) }));
    upstream.once('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n'));
    upstream.once('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      client.pipe(upstream).pipe(client);
    });
  });
  const port = await listen(server);
  const auth = credentials ? `${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@` : '';
  return { url: `http://${auth}127.0.0.1:${port}`, port, connects, refused, close };
}
