// Parsers of single environment values (channel lists, proxy trust, origins, addresses, time
// limits), apart from the schema in config.ts that uses them.
import { isIP } from 'node:net';
import { z } from 'zod';
import proxyAddr from '@fastify/proxy-addr';
import { DEFAULT_CONNECT_TIMEOUT_MS } from '@chapar/db';

/**
 * PostgreSQL: how long getting a connection may take, and how long one statement (waiting for a
 * lock included) may run, before the request answers 503 instead of waiting on; 0: no statement
 * limit. Migrations and `media move-to-s3` have none anyway.
 */
export const databaseTimeoutSettings = {
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100, 'at least 100 (milliseconds)').max(120_000, 'at most 120000 (two minutes)').default(DEFAULT_CONNECT_TIMEOUT_MS),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int()
    .refine((v) => v === 0 || (v >= 1_000 && v <= 3_600_000), '0 (no limit) or 1000 to 3600000 (milliseconds)').default(30_000),
};

export function mailAddress(from: string | undefined): string | undefined {
  return from ? (/<([^<>]+)>/.exec(from)?.[1] ?? from).trim() : undefined;
}

export function settingOrIssue<T extends object>(parsed: T | { error: string }, ctx: z.RefinementCtx): T {
  if ('error' in parsed) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed;
}

export interface ChannelSetting {
  role: 'primary' | 'secondary';
  username: string;
}

const CHANNEL_NAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;

/**
 * Which proxies' X-Forwarded-For entries are believed: none, a number of hops in front of the
 * app, or the proxies' own addresses and ranges. The client's address is then the one the
 * nearest untrusted hop was seen from, so entries a client writes itself never count.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** proxy-addr's names for private ranges, accepted in the address list as Fastify accepts them. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** '' / 'false' / '0' → none; 'true' → 1 hop; '2' → 2 hops; '127.0.0.1, 10.0.0.0/8' → those proxies. */
export function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const text = value.toLowerCase();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return { hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 16) return { hops };
    ctx.addIssue({ code: 'custom', message: 'a hop count from 1 to 16' });
    return false;
  }
  const addresses = value.split(',').map((s) => s.trim()).filter(Boolean);
  for (const address of addresses) {
    try {
      // Addresses written out in full ('1.5' would be read as 1.0.0.5), then the parser Fastify
      // hands the list to, so what passes here is what it will trust.
      if (!PROXY_RANGE_NAMES.includes(address) && isIP(address.split('/')[0]) === 0) throw new Error('not an address');
      proxyAddr.compile(address);
    } catch {
      ctx.addIssue({ code: 'custom', message: `'${address}' is not an address, a CIDR range or one of ${PROXY_RANGE_NAMES.join(', ')} (or use true, false or a hop count)` });
    }
  }
  return { addresses };
}

/** 'primary:chan1,secondary:chan2' (or bare names, the first primary) → at most one channel per role. */
export function parseChannelList(value: string, ctx: z.RefinementCtx): ChannelSetting[] {
  const result: ChannelSetting[] = [];
  value.split(',').map((s) => s.trim()).filter(Boolean).forEach((item, i) => {
    const [rawRole, rawName] = item.includes(':') ? item.split(':', 2) : [i === 0 ? 'primary' : 'secondary', item];
    const role = rawRole.trim().toLowerCase();
    const username = rawName.trim().replace(/^@/, '');
    if (role !== 'primary' && role !== 'secondary') ctx.addIssue({ code: 'custom', message: `unknown role '${role}' (primary or secondary)` });
    else if (!CHANNEL_NAME.test(username)) ctx.addIssue({ code: 'custom', message: `'${username}' is not a channel username` });
    else if (result.some((c) => c.role === role || c.username.toLowerCase() === username.toLowerCase())) ctx.addIssue({ code: 'custom', message: `${role} channel or @${username} given twice` });
    else result.push({ role, username });
  });
  return result;
}

/** Exact origins (scheme, host and port), comma-separated. */
export function parseOrigins(value: string, ctx: z.RefinementCtx): string[] {
  const origins: string[] = [];
  for (const item of value.split(',').map((v) => v.trim()).filter(Boolean)) {
    try {
      const url = new URL(item);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme');
      origins.push(url.origin);
    } catch {
      ctx.addIssue({ code: 'custom', message: `'${item}' is not an origin such as https://push.example.com` });
    }
  }
  return origins;
}

/** The site's https address, else a mailto: address at its host (push services accept either). */
export function vapidSubject(publicBaseUrl: string | undefined): string {
  if (publicBaseUrl?.startsWith('https://')) return new URL(publicBaseUrl).origin;
  const host = publicBaseUrl ? new URL(publicBaseUrl).hostname : 'localhost';
  return `mailto:webmaster@${host.includes('.') ? host : 'localhost.localdomain'}`;
}
