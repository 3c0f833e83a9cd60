// A push service for tests (RFC 8030), on a local port: it takes a message for a subscription it
// made, checks the VAPID signature (RFC 8292) and decrypts the payload with the subscription's
// private key and auth secret (RFC 8291, aes128gcm), as a browser would. An endpoint can be told
// to answer with another status (410: the subscription is gone).
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  id: string;
  /** The decrypted payload. */
  text: string;
  ttl: string | undefined;
  urgency: string | undefined;
  vapid: { aud: string; sub: string; publicKey: string };
}

export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushTestServer {
  origin: string;
  received: ReceivedPush[];
  /** Requests the server could not accept, with why (bad signature, undecryptable body). */
  refused: string[];
  /** A new browser subscription: its keys are kept here, so its messages can be read. */
  subscribe(): TestSubscription;
  /** From now on this subscription's messages are answered with `status` (and not kept). */
  answer(id: string, status: number): void;
  close(): Promise<void>;
}

const b64 = (buf: Buffer) => buf.toString('base64url');

function hkdf(ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, for the user agent holding `ua` and `authSecret`. */
export function decryptAes128gcm(body: Buffer, ua: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const uaPublic = ua.getPublicKey();
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(ecdhSecret, authSecret, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `vapid t=<JWT>, k=<key>` (RFC 8292): an ES256 JWT signed by k, for this origin. */
function checkVapid(header: string | undefined, origin: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, key] = match;
  const [head, claims, signature] = token.split('.');
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33, 65)) }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; sub: string; exp: number };
  if (body.aud !== origin) throw new Error(`VAPID audience ${body.aud} is not ${origin}`);
  if (body.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  return { aud: body.aud, sub: body.sub, publicKey: key };
}

export async function startPushTestServer(): Promise<PushTestServer> {
  const subscriptions = new Map<string, { ua: ECDH; auth: Buffer; status: number }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const sub = subscriptions.get(id);
      if (req.method !== 'POST' || !sub) {
        res.writeHead(404).end();
        return;
      }
      if (sub.status !== 201) {
        res.writeHead(sub.status).end();
        return;
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const vapid = checkVapid(req.headers.authorization, origin);
        const text = decryptAes128gcm(Buffer.concat(chunks), sub.ua, sub.auth);
        received.push({ id, text, ttl: req.headers.ttl as string | undefined, urgency: req.headers.urgency as string | undefined, vapid });
        res.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
      } catch (error) {
        refused.push((error as Error).message);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    refused,
    subscribe() {
      const ua = createECDH('prime256v1');
      ua.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      subscriptions.set(id, { ua, auth, status: 201 });
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: b64(ua.getPublicKey()), auth: b64(auth) } };
    },
    answer(id, status) {
      const sub = subscriptions.get(id);
      if (sub) sub.status = status;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
