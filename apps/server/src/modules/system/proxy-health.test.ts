// The system monitor says how Telegram is reached: which proxy (kind and host:port, isolated in
// the Persian label, never the credentials or the secret) and whether it works.
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProxyUrl, type TelegramProxy } from '../../integrations/telegram/index.ts';
import { startSocks5Proxy, type TestProxy } from '../../../testing/proxy-servers.ts';
import { startFixtureServer, type FixtureServer } from '../../../testing/telegram-fixture-server.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { proxyLabel } from './proxy-health.ts';

const SECRET = '00112233445566778899aabbccddeeff';
const FSI = '\u2068';
const PDI = '\u2069';
const NBSP = '\u00a0';

let pages: FixtureServer;
let socks: TestProxy;
let mtproto: Server;
let mtprotoPort: number;
beforeAll(async () => {
  pages = await startFixtureServer();
  socks = await startSocks5Proxy({ username: 'chapar', password: 'hunter2-pass' });
  mtproto = createServer((s) => s.destroy());
  await new Promise<void>((resolve) => mtproto.listen(0, '127.0.0.1', resolve));
  mtprotoPort = (mtproto.address() as AddressInfo).port;
});
afterAll(async () => {
  await pages?.close();
  await socks?.close();
  if (mtproto?.listening) await new Promise((resolve) => mtproto.close(resolve));
});

interface Service { id: string; service: string; status: string; error: string | null; responseTime: number | null }

async function proxyService(t: TestApp): Promise<{ service: Service; body: string }> {
  const { cookie } = await loginAsAdmin(t.app);
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/system/health?refresh=true', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  const service = (res.json() as { services: Service[] }).services.find((s) => s.id === 'telegram-proxy');
  expect(service).toBeDefined();
  return { service: service!, body: res.body };
}

describe('the Telegram proxy on the system monitor', () => {
  it('names both proxies and what each carries, checks them, and shows no credentials or secret', async () => {
    const t = await buildTestApp({
      config: {
        telegramWebBaseUrl: pages.baseUrl,
        telegramProxy: parseProxyUrl(socks.url) as TelegramProxy,
        telegramMtprotoProxy: { host: '127.0.0.1', port: mtprotoPort, secret: SECRET },
      },
    });
    try {
      const { service, body } = await proxyService(t);
      expect(service.service).toBe(
        `پراکسی تلگرام: ${FSI}SOCKS5${NBSP}127.0.0.1:${socks.port}${PDI} (صفحه‌های کانال و رسانه‌ها) و ${FSI}MTProto${NBSP}127.0.0.1:${mtprotoPort}${PDI} (حساب تلگرام سایت)`,
      );
      expect(service).toMatchObject({ status: 'healthy', error: null });
      expect(service.responseTime).toEqual(expect.any(Number));
      expect(socks.connects).toContain(new URL(pages.baseUrl).host);
      for (const hidden of ['hunter2', 'chapar:', SECRET]) expect(body).not.toContain(hidden);

      await socks.close();
      await new Promise((resolve) => mtproto.close(resolve));
      const { service: down } = await proxyService(t);
      expect(down.status).toBe('down');
      expect(down.error).toContain(`از راه ${FSI}SOCKS5 127.0.0.1:${socks.port}${PDI}`);
      expect(down.error).toContain(`نرسید: اتصال پذیرفته نشد (${FSI}ECONNREFUSED${PDI})`);
      expect(down.error).toContain(`پراکسی ${FSI}MTProto 127.0.0.1:${mtprotoPort}${PDI} در دسترس نیست: اتصال پذیرفته نشد`);
    } finally {
      await t.close();
    }
  });

  it('says the connection is direct when no proxy is set', async () => {
    const t = await buildTestApp();
    try {
      const { service } = await proxyService(t);
      expect(service).toMatchObject({ service: 'اتصال به تلگرام: مستقیم، بدون پراکسی', status: 'healthy', error: null, responseTime: null });
    } finally {
      await t.close();
    }
  });

  it('labels an HTTP or an MTProto proxy alone by what it carries', () => {
    expect(proxyLabel({ telegramProxy: { kind: 'http', host: 'proxy.example', port: 3128, username: 'u', password: 'p' }, telegramMtprotoProxy: undefined }))
      .toBe(`پراکسی تلگرام: ${FSI}HTTP${NBSP}proxy.example:3128${PDI} (صفحه‌های کانال و رسانه‌ها؛ حساب تلگرام سایت بی‌پراکسی)`);
    expect(proxyLabel({ telegramProxy: { kind: 'socks5', host: '::1', port: 1080 }, telegramMtprotoProxy: undefined }))
      .toBe(`پراکسی تلگرام: ${FSI}SOCKS5${NBSP}[::1]:1080${PDI} (صفحه‌های کانال، رسانه‌ها و حساب تلگرام سایت)`);
    expect(proxyLabel({ telegramProxy: undefined, telegramMtprotoProxy: { host: 'mt.example', port: 443, secret: SECRET } }))
      .toBe(`پراکسی تلگرام: ${FSI}MTProto${NBSP}mt.example:443${PDI} (حساب تلگرام سایت؛ صفحه‌ها و رسانه‌ها بی‌پراکسی)`);
  });
});
