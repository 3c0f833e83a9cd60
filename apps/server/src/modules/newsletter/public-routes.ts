// The links in the newsletter's mail: /newsletter/confirm and /newsletter/unsubscribe (a page
// with a button; the button POSTs), and POST /api/newsletter/unsubscribe, the one-click
// unsubscribe a mail client sends from the List-Unsubscribe header (RFC 8058).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONFIRM_VALID_DAYS, errorResponse } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { AppError, notFound } from '../../errors.ts';
import { confirmSignup, signupForToken } from './confirm.ts';
import { isolatedEmail, renderPage, type PageContent } from './pages.ts';
import { subscriberForToken, unsubscribe } from './unsubscribe.ts';

export const CONFIRM_PATH = '/newsletter/confirm';
export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';
export const ONE_CLICK_PATH = '/api/newsletter/unsubscribe';

/** Longer than any token these links carry (an id of ten digits, a dot, 22 characters). */
const TOKEN_MAX = 100;
/**
 * The token as a link or form gives it: one string, trimmed. What a garbled link carries instead
 * (two tokens, one far too long, a number or a list in a JSON body) names nothing, as an unknown
 * token does, so it gets the same page or answer, never a validation error.
 */
function linkToken(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const given = value.trim();
  return given && given.length <= TOKEN_MAX ? given : undefined;
}
const token = z.unknown().transform(linkToken).optional();
const tokenQuery = z.object({ token });
/** A form's token; anything else a client sends (other fields, a body that is not a form) is ignored. */
const formBody = z.unknown().transform((body) => ({
  token: body !== null && typeof body === 'object' && !Array.isArray(body) ? linkToken((body as { token?: unknown }).token) : undefined,
}));

const INVALID_CONFIRM: PageContent = { title: 'پیوند تأیید معتبر نیست', tone: 'warning', paragraphs: ['این پیوند درست نیست یا کامل کپی نشده است. پیوند را از خود ایمیل باز کنید، یا دوباره در خبرنامه عضو شوید.'] };
const INVALID_UNSUBSCRIBE: PageContent = { title: 'پیوند لغو عضویت معتبر نیست', tone: 'warning', paragraphs: ['این پیوند درست نیست یا کامل کپی نشده است. پیوند لغو عضویت را از پایین آخرین خبرنامه باز کنید.'] };

const confirmed = (email: string): PageContent => ({
  title: 'عضویت شما تأیید شد', tone: 'success',
  paragraphs: [`از این پس خبرنامه به نشانی ${isolatedEmail(email)} فرستاده می‌شود.`, 'در پایین هر خبرنامه پیوندی برای لغو عضویت هست.'],
});
const unsubscribed = (email: string): PageContent => ({
  title: 'عضویت شما لغو شد', tone: 'success',
  paragraphs: [`دیگر خبرنامه‌ای به نشانی ${isolatedEmail(email)} فرستاده نمی‌شود.`, 'اگر نظرتان عوض شد، می‌توانید دوباره از صفحه اصلی عضو شوید.'],
});

/** Form bodies (a page's button, a mail client's one-click POST), for these routes only. */
function acceptForms(app: FastifyInstance): void {
  const limits = { bodyLimit: 8 * 1024 };
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', ...limits }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // RFC 8058 allows multipart/form-data for the one-click POST; its body says nothing we need.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', ...limits }, (_request, _body, done) => done(null, {}));
}

function sendPage(reply: FastifyReply, siteName: string, content: PageContent, status = 200) {
  return reply.code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    // The token in this page's address stays on this site.
    .header('referrer-policy', 'no-referrer')
    .send(renderPage(siteName, content));
}

/**
 * A page route's answer to a request refused before its handler runs (a NUL in the token, a form
 * too large or of a type no parser reads): the page an unknown token gets, and its 404, as every
 * page outside the API answers what it cannot find, not the API's JSON. Anything else (a 5xx, a
 * 429) goes on to the site's own handler.
 */
function refusedAsPage(siteName: string, content: PageContent) {
  return (err: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const status = err instanceof AppError ? err.status : (err.statusCode ?? 500);
    if (status < 400 || status >= 500 || status === 429) throw err;
    return sendPage(reply, siteName, content, 404);
  };
}

export async function newsletterLinkRoutes(app: FastifyInstance, { db, secret, siteName }: { db: Db; secret: string; siteName: string }) {
  acceptForms(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  const confirmPage = { errorHandler: refusedAsPage(siteName, INVALID_CONFIRM) };
  const unsubscribePage = { errorHandler: refusedAsPage(siteName, INVALID_UNSUBSCRIBE) };

  r.get(CONFIRM_PATH, { ...confirmPage, schema: { querystring: tokenQuery } }, async (request, reply) => {
    const signup = request.query.token ? await signupForToken(db, secret, request.query.token) : undefined;
    if (!signup) return sendPage(reply, siteName, INVALID_CONFIRM, 404);
    if (signup.confirmedAt) return sendPage(reply, siteName, confirmed(signup.email));
    if (Date.now() - signup.createdAt.getTime() > CONFIRM_VALID_DAYS * 86_400_000) {
      return sendPage(reply, siteName, { title: 'این پیوند منقضی شده است', tone: 'warning', paragraphs: ['پیوند تأیید تا هفت روز پس از عضویت معتبر است. لطفاً دوباره در خبرنامه عضو شوید.'] }, 410);
    }
    return sendPage(reply, siteName, {
      title: 'تأیید عضویت در خبرنامه',
      paragraphs: [`برای دریافت خبرنامه ${siteName} در نشانی ${isolatedEmail(signup.email)}، دکمه زیر را بزنید.`],
      action: { label: 'تأیید عضویت', path: CONFIRM_PATH, token: request.query.token! },
    });
  });

  r.post(CONFIRM_PATH, { ...confirmPage, schema: { body: formBody, querystring: tokenQuery } }, async (request, reply) => {
    const given = request.body.token ?? request.query.token;
    const result = given ? await confirmSignup(db, secret, given) : { outcome: 'invalid' as const };
    if (result.outcome === 'invalid') return sendPage(reply, siteName, INVALID_CONFIRM, 404);
    if (result.outcome === 'expired') return sendPage(reply, siteName, { title: 'این پیوند منقضی شده است', tone: 'warning', paragraphs: ['لطفاً دوباره در خبرنامه عضو شوید.'] }, 410);
    return sendPage(reply, siteName, confirmed(result.email!));
  });

  r.get(UNSUBSCRIBE_PATH, { ...unsubscribePage, schema: { querystring: tokenQuery } }, async (request, reply) => {
    const subscriber = request.query.token ? await subscriberForToken(db, secret, request.query.token) : undefined;
    if (!subscriber) return sendPage(reply, siteName, INVALID_UNSUBSCRIBE, 404);
    if (subscriber.unsubscribedAt) return sendPage(reply, siteName, unsubscribed(subscriber.email));
    return sendPage(reply, siteName, {
      title: 'لغو عضویت از خبرنامه',
      paragraphs: [`با زدن دکمه زیر، دیگر خبرنامه‌ای به نشانی ${isolatedEmail(subscriber.email)} فرستاده نمی‌شود.`],
      action: { label: 'لغو عضویت', path: UNSUBSCRIBE_PATH, token: request.query.token! },
    });
  });

  r.post(UNSUBSCRIBE_PATH, { ...unsubscribePage, schema: { body: formBody, querystring: tokenQuery } }, async (request, reply) => {
    const given = request.body.token ?? request.query.token;
    const result = given ? await unsubscribe(db, secret, given) : { outcome: 'invalid' as const };
    if (result.outcome === 'invalid') return sendPage(reply, siteName, INVALID_UNSUBSCRIBE, 404);
    return sendPage(reply, siteName, unsubscribed(result.email!));
  });

  // RFC 8058: the mail client POSTs 'List-Unsubscribe=One-Click' to the header's address, which
  // carries the token; no page, no cookie, no second step.
  r.post(ONE_CLICK_PATH, {
    schema: { querystring: tokenQuery, body: formBody, response: { 200: z.object({ success: z.boolean(), message: z.string() }), '4xx': errorResponse } },
  }, async (request, reply) => {
    const given = request.query.token ?? request.body.token;
    const result = given ? await unsubscribe(db, secret, given) : { outcome: 'invalid' as const };
    if (result.outcome === 'invalid') throw notFound('پیوند لغو عضویت معتبر نیست');
    reply.header('cache-control', 'no-store');
    return { success: true, message: 'عضویت شما در خبرنامه لغو شد' };
  });
}
