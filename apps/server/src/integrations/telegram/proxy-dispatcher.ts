// undici dispatchers that reach Telegram through TELEGRAM_PROXY_URL: fetch-socks (an undici
// Agent whose connector opens a SOCKS5 tunnel) or undici's own ProxyAgent (HTTP CONNECT). One
// per proxy and process, so connections through the tunnel are kept alive and reused.
import { connect } from 'node:net';
import type { Dispatcher } from 'undici';
import { fetchSocks, undici } from '../../lazy-packages.ts';
import type { TelegramProxy } from './proxy-settings.ts';

const CONNECT_TIMEOUT_MS = 10_000;
const dispatchers = new Map<string, Dispatcher>();

export function proxyDispatcher(proxy: TelegramProxy): Dispatcher {
  const key = JSON.stringify(proxy);
  let dispatcher = dispatchers.get(key);
  if (!dispatcher) {
    dispatcher = proxy.kind === 'socks5'
      ? fetchSocks().socksDispatcher(
        { type: 5, host: proxy.host, port: proxy.port, userId: proxy.username, password: proxy.password },
        { connect: { timeout: CONNECT_TIMEOUT_MS }, keepAliveTimeout: 10_000 },
      )
      : new (undici().ProxyAgent)({
        uri: `${proxy.kind}://${proxy.host.includes(':') ? `[${proxy.host}]` : proxy.host}:${proxy.port}`,
        // Credentials as a header rather than in the URI: no escaping rules to get wrong.
        ...(proxy.username ? { token: `Basic ${Buffer.from(`${proxy.username}:${proxy.password ?? ''}`).toString('base64')}` } : {}),
        keepAliveTimeout: 10_000,
        connectTimeout: CONNECT_TIMEOUT_MS,
      });
    dispatchers.set(key, dispatcher);
  }
  return dispatcher;
}

/** Whether a request through the proxy gets any HTTP answer from `url` (Telegram's web base). */
export async function probeThroughProxy(proxy: TelegramProxy, url: string, timeoutMs = 8_000): Promise<void> {
  const res = await undici().request(url, {
    method: 'HEAD', dispatcher: proxyDispatcher(proxy), headersTimeout: timeoutMs, bodyTimeout: timeoutMs, signal: AbortSignal.timeout(timeoutMs),
  });
  await res.body.dump();
}

/** Whether something listens at host:port (an MTProto proxy speaks nothing we can ask cheaply). */
export function tcpReachable(host: string, port: number, timeoutMs = 5_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: timeoutMs });
    socket.once('connect', () => { socket.destroy(); resolve(); });
    socket.once('timeout', () => { socket.destroy(); reject(new Error(`no answer within ${timeoutMs} ms`)); });
    socket.once('error', (error) => { socket.destroy(); reject(error); });
  });
}
