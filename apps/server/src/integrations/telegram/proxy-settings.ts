// Proxies for reaching Telegram where it is filtered: TELEGRAM_PROXY_URL (SOCKS5 or HTTP(S))
// carries every HTTP request to Telegram's hosts, TELEGRAM_MTPROTO_PROXY an MTProto proxy for
// GramJS. Parsing only (config.ts reads these at start-up); the dispatcher that uses them is in
// proxy-dispatcher.ts. Nothing here may put a user name, password or secret into a message.
import type { ProxyInterface } from 'telegram/network/connection/TCPMTProxy.js';

export type TelegramProxyKind = 'socks5' | 'http' | 'https';

export interface TelegramProxy {
  kind: TelegramProxyKind;
  /** Without IPv6 brackets. */
  host: string;
  port: number;
  username?: string;
  password?: string;
}

export interface MtprotoProxy {
  host: string;
  port: number;
  /** 16 bytes as hex, with GramJS's optional 'dd' (random padding) prefix. */
  secret: string;
}

const KINDS: Record<string, TelegramProxyKind> = { 'socks5:': 'socks5', 'socks5h:': 'socks5', 'http:': 'http', 'https:': 'https' };
const DEFAULT_PORT: Record<TelegramProxyKind, number> = { socks5: 1080, http: 80, https: 443 };

export const PROXY_URL_FORMAT = 'must be socks5://[user:pass@]host:port, socks5h://…, http://[user:pass@]host:port or https://…';
export const MTPROTO_PROXY_FORMAT = 'must be an MTProto proxy link: tg://proxy?server=HOST&port=PORT&secret=SECRET (or https://t.me/proxy?…)';

const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/**
 * TELEGRAM_PROXY_URL → the proxy, or the reason it is refused (never echoing the value, which
 * may hold a password). socks5:// and socks5h:// both let the proxy resolve Telegram's names:
 * where Telegram is filtered the local DNS often answers with a block page's address.
 */
export function parseProxyUrl(raw: string): TelegramProxy | { error: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: PROXY_URL_FORMAT };
  }
  const kind = KINDS[url.protocol];
  if (!kind || !url.hostname) return { error: PROXY_URL_FORMAT };
  if ((url.pathname && url.pathname !== '/') || url.search || url.hash) return { error: `${PROXY_URL_FORMAT} (no path or query)` };
  if (url.password && !url.username) return { error: `${PROXY_URL_FORMAT} (a password needs a user name)` };
  const proxy: TelegramProxy = { kind, host: bareHost(url.hostname), port: url.port ? Number(url.port) : DEFAULT_PORT[kind] };
  if (url.username) proxy.username = decodeURIComponent(url.username);
  if (url.password) proxy.password = decodeURIComponent(url.password);
  return proxy;
}

/** An MTProto proxy link as proxy channels publish them → host, port and a secret GramJS accepts. */
export function parseMtprotoProxy(raw: string): MtprotoProxy | { error: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: MTPROTO_PROXY_FORMAT };
  }
  const isLink = (url.protocol === 'tg:' && url.hostname === 'proxy')
    || (['https:', 'http:'].includes(url.protocol) && ['t.me', 'telegram.me'].includes(url.hostname) && url.pathname === '/proxy');
  if (!isLink) return { error: MTPROTO_PROXY_FORMAT };
  const host = bareHost(url.searchParams.get('server')?.trim() ?? '');
  const port = Number(url.searchParams.get('port'));
  if (!host || !/^[\w.:-]+$/.test(host)) return { error: `${MTPROTO_PROXY_FORMAT} (server is missing or not a host name)` };
  if (!Number.isInteger(port) || port < 1 || port > 65535) return { error: `${MTPROTO_PROXY_FORMAT} (port must be 1–65535)` };
  const secret = normaliseSecret(url.searchParams.get('secret')?.trim() ?? '');
  if (typeof secret !== 'string') return secret;
  return { host, port, secret };
}

/**
 * GramJS reads a secret of 16 bytes, or 17 starting with 0xdd, as hex or base64. Fake-TLS
 * secrets (0xee, followed by a domain) it cannot speak, so they are refused here rather than
 * failing at the first sign-in.
 */
function normaliseSecret(value: string): string | { error: string } {
  const bytes = /^[0-9a-f]+$/i.test(value) && value.length % 2 === 0
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64') : Buffer.alloc(0);
  if (bytes[0] === 0xee && bytes.length > 17) {
    return { error: 'TELEGRAM_MTPROTO_PROXY: fake-TLS secrets (starting ee…) are not supported by the MTProto library; ask the proxy for its dd… secret' };
  }
  const ok = bytes.length === 16 || (bytes.length === 17 && bytes[0] === 0xdd);
  return ok ? bytes.toString('hex') : { error: `${MTPROTO_PROXY_FORMAT} (the secret must be 32 hex digits, optionally after dd)` };
}

/** 'SOCKS5 127.0.0.1:1080': what the health page and the sign-in errors name; no credentials. */
export function describeProxy(proxy: TelegramProxy | MtprotoProxy): string {
  const kind = 'kind' in proxy ? proxy.kind.toUpperCase() : 'MTProto';
  const host = proxy.host.includes(':') ? `[${proxy.host}]` : proxy.host;
  return `${kind} ${host}:${proxy.port}`;
}

/** How GramJS reaches Telegram: the MTProto proxy, else a SOCKS5 TELEGRAM_PROXY_URL, else directly. */
export function mtprotoRoute(proxy: TelegramProxy | undefined, mtproto: MtprotoProxy | undefined): MtprotoProxy | TelegramProxy | undefined {
  if (mtproto) return mtproto;
  // GramJS speaks SOCKS but not HTTP CONNECT, so an HTTP proxy carries the web pages only.
  return proxy?.kind === 'socks5' ? proxy : undefined;
}

/** GramJS's `proxy` client option for the route above; undefined connects directly. */
export function gramjsProxy(proxy: TelegramProxy | undefined, mtproto: MtprotoProxy | undefined, timeoutSeconds = 10): ProxyInterface | undefined {
  const route = mtprotoRoute(proxy, mtproto);
  if (!route) return undefined;
  if (!('kind' in route)) return { ip: route.host, port: route.port, secret: route.secret, MTProxy: true, timeout: timeoutSeconds };
  return { ip: route.host, port: route.port, socksType: 5, username: route.username, password: route.password, timeout: timeoutSeconds };
}
