import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { describeProxy, parseMtprotoProxy, parseProxyUrl } from './proxy-settings.ts';

const SECRET = '00112233445566778899aabbccddeeff';

describe('parseProxyUrl (TELEGRAM_PROXY_URL)', () => {
  it.each([
    ['socks5://127.0.0.1:1080', { kind: 'socks5', host: '127.0.0.1', port: 1080 }],
    ['socks5h://proxy.example', { kind: 'socks5', host: 'proxy.example', port: 1080 }],
    ['socks5://ali%40news:p%3Ass@[::1]:9050/', { kind: 'socks5', host: '::1', port: 9050, username: 'ali@news', password: 'p:ss' }],
    ['http://proxy.example:3128', { kind: 'http', host: 'proxy.example', port: 3128 }],
    ['http://user:pw@proxy.example', { kind: 'http', host: 'proxy.example', port: 80, username: 'user', password: 'pw' }],
    ['https://proxy.example', { kind: 'https', host: 'proxy.example', port: 443 }],
  ])('%s', (raw, expected) => {
    expect(parseProxyUrl(raw)).toEqual(expected);
  });

  it.each(['ftp://proxy.example:21', 'socks4://127.0.0.1:1080', 'proxy.example:1080', 'http://proxy.example:3128/path', 'http://proxy.example?x=1', 'socks5://:pw@host:1'])(
    'refuses %s',
    (raw) => expect(parseProxyUrl(raw)).toHaveProperty('error'),
  );
});

describe('parseMtprotoProxy (TELEGRAM_MTPROTO_PROXY)', () => {
  it('reads the tg:// and t.me links, with plain, dd and base64 secrets', () => {
    expect(parseMtprotoProxy(`tg://proxy?server=mt.example&port=443&secret=${SECRET}`)).toEqual({ host: 'mt.example', port: 443, secret: SECRET });
    expect(parseMtprotoProxy(`https://t.me/proxy?server=1.2.3.4&port=8443&secret=dd${SECRET}`)).toEqual({ host: '1.2.3.4', port: 8443, secret: `dd${SECRET}` });
    const base64 = Buffer.from(`dd${SECRET}`, 'hex').toString('base64url');
    expect(parseMtprotoProxy(`tg://proxy?server=mt.example&port=443&secret=${base64}`)).toEqual({ host: 'mt.example', port: 443, secret: `dd${SECRET}` });
  });

  it('refuses a missing server or port, a short secret, and a fake-TLS secret with the reason', () => {
    expect(parseMtprotoProxy(`tg://proxy?port=443&secret=${SECRET}`)).toHaveProperty('error');
    expect(parseMtprotoProxy(`tg://proxy?server=mt.example&port=70000&secret=${SECRET}`)).toHaveProperty('error');
    expect(parseMtprotoProxy('tg://proxy?server=mt.example&port=443&secret=0011')).toHaveProperty('error');
    expect(parseMtprotoProxy(`tg://socks?server=mt.example&port=443&secret=${SECRET}`)).toHaveProperty('error');
    const fakeTls = `ee${SECRET}${Buffer.from('www.google.com').toString('hex')}`;
    expect(parseMtprotoProxy(`tg://proxy?server=mt.example&port=443&secret=${fakeTls}`)).toEqual({ error: expect.stringContaining('fake-TLS') });
  });
});

describe('the proxy variables at start-up', () => {
  it('fail with a config error naming each variable, without repeating a password or secret', () => {
    const load = () => loadConfig({
      DATA_DIR: 'memory://',
      TELEGRAM_PROXY_URL: 'ftp://ali:hunter2@proxy.example:21',
      TELEGRAM_MTPROTO_PROXY: 'tg://proxy?server=mt.example&port=443&secret=abc-not-a-secret',
    });
    expect(load).toThrow(/TELEGRAM_PROXY_URL: must be socks5:\/\//);
    expect(load).toThrow(/TELEGRAM_MTPROTO_PROXY: must be an MTProto proxy link/);
    expect(load).not.toThrow(/hunter2|abc-not-a-secret/);
  });

  it('are read into the config, and described without credentials', () => {
    const config = loadConfig({ DATA_DIR: 'memory://', TELEGRAM_PROXY_URL: 'socks5://ali:hunter2@127.0.0.1:1080', TELEGRAM_MTPROTO_PROXY: `tg://proxy?server=mt.example&port=443&secret=${SECRET}` });
    expect(config.telegramProxy).toEqual({ kind: 'socks5', host: '127.0.0.1', port: 1080, username: 'ali', password: 'hunter2' });
    expect(describeProxy(config.telegramProxy!)).toBe('SOCKS5 127.0.0.1:1080');
    expect(describeProxy(config.telegramMtprotoProxy!)).toBe('MTProto mt.example:443');
    expect(loadConfig({ DATA_DIR: 'memory://', TELEGRAM_PROXY_URL: '' }).telegramProxy).toBeUndefined();
  });
});
