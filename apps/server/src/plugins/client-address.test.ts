import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { clientKey, trustProxyOption } from './client-address.ts';

const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: 'memory://', ...env });

describe('clientKey', () => {
  it('keeps an IPv4 address as it is, and an IPv4-mapped IPv6 one as its IPv4', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('cuts an IPv6 address to its /64, however it is written', () => {
    const key = '2001:db8:aa:bb::/64';
    for (const ip of ['2001:db8:aa:bb::1', '2001:db8:aa:bb:ffff:ffff:ffff:ffff', '2001:0db8:00aa:00bb:1:2:3:4', '2001:DB8:AA:BB::9']) {
      expect(clientKey(ip)).toBe(key);
    }
    expect(clientKey('2001:db8:aa:bc::1')).not.toBe(key);
    expect(clientKey('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('cuts to another prefix when configured', () => {
    expect(clientKey('2001:db8:aa:bb::1', 48)).toBe('2001:db8:aa::/48');
    expect(clientKey('2001:db8:aa:bbcc::1', 56)).toBe('2001:db8:aa:bb00::/56');
    expect(clientKey('2001:db8:aa:bb::1', 60)).toBe('2001:db8:aa:b0::/60');
    expect(clientKey('2001:db8:aa:bb::1', 128)).toBe('2001:db8:aa:bb::1/128');
    // A prefix inside a byte: bits 61–63 of 0x000f go.
    expect(clientKey('2001:db8:0:f::1', 61)).toBe('2001:db8:0:8::/61');
    expect(clientKey('203.0.113.7', 48)).toBe('203.0.113.7');
  });

  it('keeps something that is not an address as it is', () => {
    expect(clientKey('')).toBe('unknown');
    expect(clientKey(undefined)).toBe('unknown');
    expect(clientKey('not-an-ip')).toBe('not-an-ip');
  });
});

describe('TRUST_PROXY', () => {
  it('reads off, a hop count (true is one) and a list of addresses and ranges', () => {
    expect(config({}).trustProxy).toBe(false);
    expect(config({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(config({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(config({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(config({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ hops: 1 });
    expect(config({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(config({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(config({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1, loopback' }).trustProxy).toEqual({ addresses: ['127.0.0.1', '10.0.0.0/8', '::1', 'loopback'] });
  });

  it.each(['yes please', '10.0.0.0/33', '127.0.0.1,proxy.local', '17', '-1', '1.5', '1.2.3/8'])('refuses %s at start, naming the variable', (value) => {
    expect(() => config({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  it('gives Fastify the addresses as they are, and a hop count as a function of the hop', () => {
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption({ addresses: ['10.0.0.0/8'] })).toEqual(['10.0.0.0/8']);
    const twoHops = trustProxyOption({ hops: 2 }) as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => twoHops('198.51.100.1', hop))).toEqual([true, true, false, false]);
  });
});

describe('RATE_LIMIT_IPV6_PREFIX', () => {
  it('is 64 unless set, and refuses what is not a prefix length', () => {
    expect(config({}).rateLimitIpv6Prefix).toBe(64);
    expect(config({ RATE_LIMIT_IPV6_PREFIX: '56' }).rateLimitIpv6Prefix).toBe(56);
    for (const value of ['129', '8', 'x', '64.5']) expect(() => config({ RATE_LIMIT_IPV6_PREFIX: value })).toThrow(/RATE_LIMIT_IPV6_PREFIX/);
  });
});
