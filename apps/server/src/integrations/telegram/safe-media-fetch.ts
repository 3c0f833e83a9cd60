// Downloads one media file for the ingest pipeline, safely: only Telegram's hosts (and
// exactly the configured test origin), every resolved address checked at connect time (so DNS
// rebinding cannot slip past), each redirect checked again, and a hard size cap.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import type { Agent, request } from 'undici';
import { undici } from '../../lazy-packages.ts';
import { hostAllowed, isPrivateAddress } from './address-policy.ts';
import { proxyDispatcher } from './proxy-dispatcher.ts';
import type { TelegramProxy } from './proxy-settings.ts';

export type MediaFetchErrorCode = 'host_not_allowed' | 'private_address' | 'too_large' | 'http_error' | 'too_many_redirects' | 'network';

export class MediaFetchError extends Error {
  constructor(readonly code: MediaFetchErrorCode, message: string, readonly url: string, readonly status?: number) {
    super(message);
    this.name = 'MediaFetchError';
  }
}

export interface MediaFetchPolicy {
  /** Host rules ('t.me', '.telesco.pe'); see TELEGRAM_MEDIA_HOSTS. */
  allowedHosts: readonly string[];
  /**
   * Origins (scheme, host and port, as `URL.origin` gives them) exempt from the host and
   * private-address rules: only the configured test base URL's. Another port or scheme on the
   * same host is not trusted.
   */
  trustedOrigins: readonly string[];
  maxBytes: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** TELEGRAM_PROXY_URL: every download goes through it (see dispatcherFor). */
  proxy?: TelegramProxy;
}

export interface FetchedMedia {
  body: Buffer;
  contentType: string | null;
  finalUrl: string;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A dns.lookup that refuses a host when any of its addresses is private (unless trusted). */
function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      if (!allowPrivate && (!list.length || list.some((a) => isPrivateAddress(a.address)))) {
        const refused = Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' });
        return callback(refused, []);
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

// One agent refuses private addresses; the other serves only URLs whose exact origin is trusted
// (checked before each request, so its connections only ever go to that origin).
const agents = new Map<boolean, Agent>();
function agentFor(trustedOrigin: boolean): Agent {
  let agent = agents.get(trustedOrigin);
  if (!agent) {
    agent = new (undici().Agent)({ connect: { lookup: guardedLookup(trustedOrigin) as never }, keepAliveTimeout: 10_000 });
    agents.set(trustedOrigin, agent);
  }
  return agent;
}

const isTrusted = (url: URL, policy: MediaFetchPolicy) => policy.trustedOrigins.includes(url.origin);

/**
 * Through a proxy the proxy resolves the name and connects, so the connect-time address check
 * cannot run here (and must not: where Telegram is filtered, local DNS answers with a block
 * page's private address). What still holds: only Telegram's hosts (or the trusted origin), no
 * literal private IPs, unusual ports or credentials in the URL, every redirect checked again.
 * What the proxy changes: a Telegram host name is resolved inside the proxy's network.
 */
function dispatcherFor(url: URL, policy: MediaFetchPolicy) {
  return policy.proxy ? proxyDispatcher(policy.proxy) : agentFor(isTrusted(url, policy));
}

function checkUrl(raw: string, policy: MediaFetchPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new MediaFetchError('host_not_allowed', 'not a URL', raw);
  }
  const trusted = isTrusted(url, policy);
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) throw new MediaFetchError('host_not_allowed', 'only plain http(s) URLs', raw);
  if (!trusted && !hostAllowed(url.hostname, policy.allowedHosts)) throw new MediaFetchError('host_not_allowed', `${url.hostname} is not a Telegram host`, raw);
  if (!trusted && url.port && url.port !== '443' && url.port !== '80') throw new MediaFetchError('host_not_allowed', 'unusual port', raw);
  // A literal IP skips DNS, so it is checked here.
  if (!trusted && isPrivateAddress(url.hostname.replace(/^\[|\]$/g, '')) && /^[\d.]+$|:/.test(url.hostname)) {
    throw new MediaFetchError('private_address', `${url.hostname} is a private address`, raw);
  }
  return url;
}

/**
 * Like fetchMediaSafely, written to `file` as it arrives rather than kept in memory (videos):
 * the same host, address, redirect and size rules. Returns the byte count.
 */
export async function fetchMediaToFile(rawUrl: string, policy: MediaFetchPolicy, file: string): Promise<{ bytes: number; contentType: string | null; finalUrl: string }> {
  const fetched = await fetchMediaSafely(rawUrl, policy, file);
  return { bytes: fetched.bytes ?? 0, contentType: fetched.contentType, finalUrl: fetched.finalUrl };
}

export async function fetchMediaSafely(rawUrl: string, policy: MediaFetchPolicy, toFile?: string): Promise<FetchedMedia & { bytes?: number }> {
  const maxRedirects = policy.maxRedirects ?? 3;
  let current = rawUrl;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const url = checkUrl(current, policy);
    let res: Awaited<ReturnType<typeof request>>;
    try {
      res = await undici().request(url, {
        method: 'GET', dispatcher: dispatcherFor(url, policy),
        headersTimeout: policy.timeoutMs ?? 30_000, bodyTimeout: policy.timeoutMs ?? 30_000,
        headers: { 'user-agent': 'Mozilla/5.0 (compatible; ChaparBot/1.0)' },
      });
    } catch (error) {
      const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
      throw new MediaFetchError(code === 'EPRIVATE' ? 'private_address' : 'network', (error as Error).message, current);
    }
    if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
      await res.body.dump();
      current = new URL(String(res.headers.location), url).href;
      continue;
    }
    if (res.statusCode !== 200) {
      await res.body.dump();
      throw new MediaFetchError('http_error', `answered ${res.statusCode}`, current, res.statusCode);
    }
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > policy.maxBytes) {
      await res.body.dump();
      throw new MediaFetchError('too_large', `${declared} bytes is over the ${policy.maxBytes} byte cap`, current);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    const out = toFile ? createWriteStream(toFile) : null;
    try {
      for await (const chunk of res.body) {
        total += (chunk as Buffer).length;
        if (total > policy.maxBytes) {
          res.body.destroy();
          throw new MediaFetchError('too_large', `over the ${policy.maxBytes} byte cap`, current);
        }
        if (!out) chunks.push(chunk as Buffer);
        else if (!out.write(chunk)) await once(out, 'drain');
      }
      if (out) {
        out.end();
        await finished(out);
      }
    } catch (error) {
      out?.destroy();
      throw error;
    }
    const type = res.headers['content-type'];
    return { body: Buffer.concat(chunks), bytes: total, contentType: typeof type === 'string' ? type : null, finalUrl: current };
  }
  throw new MediaFetchError('too_many_redirects', `more than ${maxRedirects} redirects`, rawUrl);
}
