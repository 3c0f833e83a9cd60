// What the cluster suite does over real sockets: admin sign-in, captchas answered, polling.
import { toAsciiDigits } from '@chapar/shared/text';

export const ADMIN = { username: 'cluster-owner', password: 'cluster-password-123' };

export interface AdminSession { cookie: string; csrf: string }

export async function signIn(base: string, ip = '198.51.100.1'): Promise<AdminSession> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const body = await res.json() as { csrfToken: string };
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  return { cookie, csrf: body.csrfToken };
}

export async function adminCall(base: string, s: AdminSession, method: string, pathname: string, body?: unknown): Promise<Response> {
  return fetch(`${base}${pathname}`, {
    method,
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export function wrongLogin(base: string, ip: string, username: string): Promise<Response> {
  return fetch(`${base}/api/admin/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ username, password: 'not-the-password' }),
  });
}

export interface Captcha { token: string; answer: string; issuedAt: number }

/** A captcha from one process, answered as a reader would (the sum of its two Persian numbers). */
export async function captcha(base: string): Promise<Captcha> {
  const body = await (await fetch(`${base}/api/comments/captcha`)).json() as { token: string; question: string };
  const [a, b] = toAsciiDigits(body.question).match(/\d+/g)!.map(Number);
  return { token: body.token, answer: String(a + b), issuedAt: Date.now() };
}

export function comment(base: string, articleId: number, c: Captcha, opts: { ip: string; visitor: string }): Promise<Response> {
  return fetch(`${base}/api/articles/${articleId}/comments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': opts.ip, 'x-session-id': opts.visitor },
    body: JSON.stringify({ authorName: 'خواننده', content: 'نظری دربارهٔ این خبر', captchaToken: c.token, captchaAnswer: c.answer, parentId: null }),
  });
}

/** Polls until `check` holds; the time it took. */
export async function timeUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - started;
}

/** `readers` loops reading `paths` through `base` until stopped; every answer's status counted. */
export function readers(base: string, count: number, paths: string[]) {
  const statuses: Array<number | string> = [];
  let running = true;
  const loops = Array.from({ length: count }, async (_, i) => {
    for (let n = i; running; n++) {
      try {
        const res = await fetch(`${base}${paths[n % paths.length]}`);
        await res.arrayBuffer();
        statuses.push(res.status);
      } catch (error) {
        statuses.push(String((error as Error).cause ?? error));
      }
    }
  });
  return { statuses, stop: async () => { running = false; await Promise.all(loops); } };
}
