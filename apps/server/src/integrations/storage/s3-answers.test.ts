// A bucket that answers wrongly (an error status, a page that is not XML, a refusal) or a disk
// that refuses: the real S3 client and local store say every such failure to the newsroom in
// short Persian with Persian digits, any code isolated; the SDK's English stays on `technical`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { failureText } from '../failure-text.ts';
import { diskFailure, s3FailureReason } from './failure.ts';
import { createS3Storages, StorageUnavailableError, type S3Options, type Storage } from './index.ts';

const BUCKET = 'chapar-media';
const LIMITS = { timeoutMs: 2_000, maxAttempts: 1 };
const PREFIX = 'ذخیره‌سازی رسانه در دسترس نیست: ';

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

/** A stand-in for an S3 endpoint that answers as `answer` says (changed between tests). */
async function fakeEndpoint(): Promise<{ server: Server; options: S3Options; answer(a: Answer): void }> {
  let answer: Answer = (_req, res) => res.end();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    options: { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: BUCKET, accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: true },
    answer: (a) => { answer = a; },
  };
}

const xmlError = (status: number, code: string): Answer => (_req, res) => {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code} happened</Message></Error>`);
};
const notXml = (status: number): Answer => (_req, res) => {
  res.writeHead(status, { 'content-type': 'text/plain' });
  res.end('upstream exploded, sorry');
};

/** The text with its isolated runs (codes, names) taken out: Persian only, no Latin letters or ASCII digits. */
const outsideIsolates = (text: string) => text.replace(/[\u2066\u2068][^\u2069]*\u2069/g, '');
function expectPersian(text: string) {
  expect(outsideIsolates(text), text).not.toMatch(/[A-Za-z0-9]/);
}

async function failure(call: () => Promise<unknown>): Promise<StorageUnavailableError> {
  try {
    await call();
  } catch (error) {
    expect(error).toBeInstanceOf(StorageUnavailableError);
    return error as StorageUnavailableError;
  }
  throw new Error('the call succeeded');
}

let endpoint: Awaited<ReturnType<typeof fakeEndpoint>>;
let media: Storage;
let dir: string;
let file: string;
beforeAll(async () => {
  endpoint = await fakeEndpoint();
  media = createS3Storages(endpoint.options, '/media', LIMITS).media;
  dir = await mkdtemp(path.join(os.tmpdir(), 'chapar-s3-answers-'));
  file = path.join(dir, 'clip.mp4');
  await writeFile(file, Buffer.alloc(1024, 1));
});
afterAll(async () => {
  endpoint.server.closeAllConnections();
  await new Promise((resolve) => endpoint.server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const CALLS: Array<[string, (storage: Storage) => Promise<unknown>]> = [
  ['put', (storage) => storage.put('tg/chan/1/0-image.jpg', Buffer.from('x'), 'image/jpeg')],
  ['putFile', (storage) => storage.putFile('uploads/v/0-file.mp4', file, 'video/mp4')],
  ['get', (storage) => storage.get('tg/chan/1/0-image.jpg')],
  ['stream', (storage) => storage.stream('tg/chan/1/0-image.jpg')],
  ['size', (storage) => storage.size('tg/chan/1/0-image.jpg')],
  ['delete', (storage) => storage.delete('tg/chan/1/0-image.jpg')],
  ['list', (storage) => storage.list!()],
  ['probe', (storage) => storage.probe()],
];

describe('a bucket that answers 500 with a body that is not XML', () => {
  it('every call fails as «فضای ذخیره‌سازی خطای ۵۰۰ داد», the SDK\'s English kept for the log only', async () => {
    endpoint.answer(notXml(500));
    for (const [name, call] of CALLS) {
      const error = await failure(() => call(media));
      expect(error.message, name).toBe(`${PREFIX}فضای ذخیره‌سازی خطای ۵۰۰ داد`);
      expect(failureText(error), name).toBe(error.message);
      expect(error.technical, name).toContain('HTTP 500');
    }
  });

  it('a 502 or 503 says its own status', async () => {
    endpoint.answer(notXml(502));
    expect((await failure(() => media.put('a/0-image.jpg', Buffer.from('x'), 'image/jpeg'))).detail).toBe('فضای ذخیره‌سازی خطای ۵۰۲ داد');
    endpoint.answer(xmlError(503, 'SlowDown'));
    expect((await failure(() => media.put('a/0-image.jpg', Buffer.from('x'), 'image/jpeg'))).detail).toBe('فضای ذخیره‌سازی درخواست‌ها را موقتاً محدود کرده است');
  });
});

describe('a bucket that refuses the request', () => {
  it.each([
    ['AccessDenied', 403, 'دسترسی به فضای ذخیره‌سازی رد شد'],
    ['InvalidAccessKeyId', 403, 'دسترسی به فضای ذخیره‌سازی رد شد: کلید دسترسی شناخته نشد'],
    ['SignatureDoesNotMatch', 403, 'دسترسی به فضای ذخیره‌سازی رد شد: کلید مخفی درست نیست'],
    ['NoSuchBucket', 404, `سطل \u2068${BUCKET}\u2069 پیدا نشد`],
    ['InvalidArgument', 400, 'فضای ذخیره‌سازی درخواست را نپذیرفت (خطای ۴۰۰، \u2068InvalidArgument\u2069)'],
  ])('%s (%i) is said in Persian', async (code, status, said) => {
    endpoint.answer(xmlError(status, code));
    for (const [name, call] of CALLS.filter(([n]) => ['put', 'putFile', 'delete', 'list'].includes(n))) {
      const error = await failure(() => call(media));
      expect(error.message, name).toBe(`${PREFIX}${said}`);
      expectPersian(error.message);
      expect(error.technical, name).toContain(code);
    }
  });

  it('the health probe (a HEAD request, whose answer has no body) says the status it got', async () => {
    endpoint.answer(xmlError(403, 'AccessDenied'));
    expect((await failure(() => media.probe())).detail).toBe('دسترسی به فضای ذخیره‌سازی رد شد');
    endpoint.answer(xmlError(404, 'NoSuchBucket'));
    expect((await failure(() => media.probe())).detail).toBe(`سطل \u2068${BUCKET}\u2069 پیدا نشد`);
    endpoint.answer(notXml(500));
    expect((await failure(() => media.probe())).detail).toBe('فضای ذخیره‌سازی خطای ۵۰۰ داد');
  });
});

describe('a bucket that refuses connections', () => {
  it('every call fails as the connection refused, the code isolated', async () => {
    const closed = await fakeEndpoint();
    await new Promise((resolve) => closed.server.close(resolve));
    const gone = createS3Storages(closed.options, '/media', LIMITS).media;
    for (const [name, call] of CALLS) {
      const error = await failure(() => call(gone));
      expect(error.message, name).toBe(`${PREFIX}اتصال به سطل \u2068${BUCKET}\u2069 پذیرفته نشد (\u2068ECONNREFUSED\u2069)`);
      expect(error.technical, name).toContain('ECONNREFUSED');
    }
  });
});

describe('failures said without a bucket to ask', () => {
  const sdkError = (name: string, status?: number, code?: string) =>
    Object.assign(new Error(`${name} happened`), { name, ...(code ? { code } : {}), ...(status ? { $metadata: { httpStatusCode: status } } : {}) });

  it.each([
    [sdkError('Error', undefined, 'ENOTFOUND'), `نشانی سطل \u2068${BUCKET}\u2069 پیدا نشد (\u2068ENOTFOUND\u2069)`],
    [sdkError('Error', undefined, 'ECONNRESET'), `اتصال به سطل \u2068${BUCKET}\u2069 قطع شد (\u2068ECONNRESET\u2069)`],
    [sdkError('Error', undefined, 'ETIMEDOUT'), `سطل \u2068${BUCKET}\u2069 در زمان مقرر پاسخ نداد`],
    [sdkError('Error', undefined, 'DEPTH_ZERO_SELF_SIGNED_CERT'), `گواهی امنیتی سطل \u2068${BUCKET}\u2069 پذیرفته نشد (\u2068DEPTH_ZERO_SELF_SIGNED_CERT\u2069)`],
    [sdkError('CredentialsProviderError'), 'کلید دسترسی فضای ذخیره‌سازی تنظیم نشده است (\u2068S3_ACCESS_KEY_ID\u2069 و \u2068S3_SECRET_ACCESS_KEY\u2069)'],
    [sdkError('PermanentRedirect', 301), 'منطقهٔ سطل با تنظیم \u2068S3_REGION\u2069 نمی‌خواند'],
    [sdkError('XMinioStorageFull', 507), 'فضای ذخیره‌سازی پر است'],
    [sdkError('Error'), 'فضای ذخیره‌سازی پاسخ درستی نداد (جزئیات در گزارش سرور)'],
  ])('%s', (error, said) => {
    expect(s3FailureReason(error, BUCKET)).toBe(said);
    expectPersian(said);
  });

  it('an S3 SDK error that escaped unwrapped is said in Persian too', () => {
    expect(failureText(sdkError('Error', 500))).toBe('فضای ذخیره‌سازی خطای ۵۰۰ داد');
    expect(failureText(sdkError('NoSuchBucket', 404))).toBe('سطل پیدا نشد');
  });

  it.each([
    ['EACCES', 'اجازهٔ نوشتن در پوشهٔ رسانه نیست (\u2068EACCES\u2069)'],
    ['EROFS', 'دیسک رسانه فقط‌خواندنی است (\u2068EROFS\u2069)'],
    ['ENOSPC', 'دیسک رسانه پر است (\u2068ENOSPC\u2069)'],
    ['EXDEV', 'دیسک رسانه خطا داد (\u2068EXDEV\u2069)'],
    [undefined, 'دیسک رسانه خطا داد (جزئیات در گزارش سرور)'],
  ])('the local disk: %s', (code, said) => {
    const error = diskFailure(Object.assign(new Error(`${code ?? 'something'}: operation failed, open '/data/media/x'`), code ? { code } : {}), 1_000);
    expect(error.message).toBe(`${PREFIX}${said}`);
    expectPersian(error.message);
    expect(error.technical).toContain('operation failed');
  });
});

describe('a photo post stored while the bucket answers 500', () => {
  let t: IngestTestApp;
  beforeAll(async () => {
    t = await buildIngestTestApp({ s3: endpoint.options, mediaBaseUrl: '/media', storage: LIMITS });
  });
  afterAll(async () => { await t?.close(); });

  it('fails with a Persian reason in the answer and the operation, no SDK English', async () => {
    endpoint.answer(notXml(500));
    const res = await t.post('/api/admin/process-post', { postId: 102 });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; operationId: number; detailedReport: { processed: Array<{ status: string; reason: string }> } };
    expect(body.success).toBe(false);
    const reasons = body.detailedReport.processed.filter((i) => i.status === 'error').map((i) => i.reason);
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toContain('ذخیره‌سازی رسانه در دسترس نیست: فضای ذخیره‌سازی خطای ۵۰۰ داد');
    expectPersian(reasons[0]);
    const record = (await t.get(`/api/admin/operations/${body.operationId}`)).json() as { errors: string[] };
    const said = record.errors.map((line) => line.replace(/^\S+ /, ''));
    expect(said.join('\n')).toContain('فضای ذخیره‌سازی خطای ۵۰۰ داد');
    for (const line of said) expectPersian(line);
    expect(res.body).not.toMatch(/XML parse error|Deserialization|UnknownError/);
  });
});
