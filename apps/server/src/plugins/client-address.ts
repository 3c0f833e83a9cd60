import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { TrustProxy } from '../config.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who a per-address limit counts: the client's address as Fastify derives it through the
     * trusted proxies (`request.ip`), an IPv6 one cut to its network (clientKey).
     */
    readonly clientKey: string;
  }
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Addresses go to Fastify as they are. A hop count is
 * a trust function: Fastify refuses a bare number, since a client that can reach the app
 * directly could then write the entries itself (.env.example says so).
 */
export function trustProxyOption(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (trust === false) return false;
  if ('addresses' in trust) return trust.addresses;
  const { hops } = trust;
  // `hop` 0 is the socket's peer, 1 the last X-Forwarded-For entry (what the nearest proxy saw)...
  return (_address: string, hop: number) => hop < hops;
}

/**
 * The key a per-address limit counts a client by: an IPv4 address as it is (an IPv4-mapped
 * IPv6 one as its IPv4), an IPv6 address as its network of `ipv6Prefix` bits, written as
 * CIDR. One subscriber gets a whole /64 and can use every address in it, so counting single
 * IPv6 addresses would let one client pass any limit by rotating through them.
 */
export function clientKey(ip: string | undefined, ipv6Prefix = 64): string {
  if (!ip || !ipaddr.isValid(ip)) return ip || 'unknown';
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const bytes = address.toByteArray();
  for (let bit = ipv6Prefix; bit < 128; bit++) bytes[bit >> 3] &= ~(0x80 >> (bit & 7));
  return `${ipaddr.fromByteArray(bytes).toString()}/${ipv6Prefix}`;
}

/** `request.clientKey` for every route, with the configured IPv6 prefix. */
export function registerClientAddress(app: FastifyInstance, { ipv6Prefix }: { ipv6Prefix: number }): void {
  app.decorateRequest('clientKey', {
    getter(this: { ip: string }) {
      return clientKey(this.ip, ipv6Prefix);
    },
  });
}
