// The storage card of the health page when the bucket answers wrongly: the store down, said in
// Persian with Persian digits (never the SDK's «Unknown: HTTP 500: UnknownError»); the SDK's own
// words go to the server log.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { HealthChecker } from './health.ts';

const PREFIX = 'ذخیره‌سازی رسانه در دسترس نیست: ';

let status = 500;
let body = 'upstream exploded, sorry';
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  req.resume();
  req.on('end', () => res.writeHead(status, { 'content-type': 'text/plain' }).end(body));
});
let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const s3 = { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: 'chapar-media', accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: true };
  t = await buildTestApp({ config: { s3, mediaBaseUrl: '/media', storage: { timeoutMs: 2_000, maxAttempts: 1 } } });
  headers = { cookie: (await loginAsAdmin(t.app)).cookie };
});
afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const storageCard = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/system/health?refresh=true', headers });
  expect(res.statusCode).toBe(200);
  const card = (res.json() as { services: Array<{ id: string; status: string; error: string | null }> }).services.find((s) => s.id === 'storage')!;
  expect(card.error).not.toMatch(/[A-Za-z0-9]/);
  return card;
};

describe('the storage card with a bucket that answers wrongly', () => {
  it('500 with a body that is not XML: down, «فضای ذخیره‌سازی خطای ۵۰۰ داد»', async () => {
    status = 500;
    expect(await storageCard()).toMatchObject({ status: 'down', error: `${PREFIX}فضای ذخیره‌سازی خطای ۵۰۰ داد` });
  });

  it('403: down, access refused', async () => {
    status = 403;
    body = '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';
    expect(await storageCard()).toMatchObject({ status: 'down', error: `${PREFIX}دسترسی به فضای ذخیره‌سازی رد شد` });
  });

  it('writes the SDK\'s own words to the server log', async () => {
    status = 500;
    const logged: string[] = [];
    const log = { info: () => undefined, warn: (line: string) => { logged.push(line); }, error: () => undefined };
    const card = (await new HealthChecker({ ...t.app.ingest, log }).services()).find((s) => s.id === 'storage')!;
    expect(card.error).toBe(`${PREFIX}فضای ذخیره‌سازی خطای ۵۰۰ داد`);
    expect(logged.join('\n')).toContain('HTTP 500');
  });
});
