// The newsletter forms without JavaScript: POST /newsletter/subscribe takes the sidebar box's (or
// the footer's) plain form, signs up through the same service as POST /api/newsletter/subscribe
// (the same contract, double opt-in, per-client and per-address limits), and answers 303 back to
// the page the reader came from with one fixed marker (`?newsletter=sent#newsletter`), which the
// form shows when the page is rendered. Every answer is that redirect: bad input, a refused body,
// a flood or a failure each get their marker, never a JSON error or a 500 page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { subscribeBody } from '@chapar/shared/contracts';
import {
  NEWSLETTER_FORM_ANCHORS, NEWSLETTER_FORM_PATH, NEWSLETTER_MARKER, newsletterMarkerValue, type NewsletterForm, type NewsletterOutcome,
} from '@chapar/shared/text';
import { AppError } from '../../errors.ts';
import type { Services } from '../../services.ts';
import { subscribe } from './service.ts';

const formQuery = z.object({ from: z.enum(['footer']).optional() });

/** Addresses the redirect never goes back to: not pages with the forms on them. */
const NOT_A_PAGE = /^\/(?:api|admin|assets|newsletter)(?:[/?#]|$)/i;
const MAX_BACK_LENGTH = 2_048;

/** The host (with port) of an origin, lower case; undefined when it is not a URL. */
function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * The path and query of `referer` when it is a page of this site (`hosts`), else undefined.
 * Only a path is ever returned, so the redirect cannot leave the site, and never one that a
 * browser would read as another host (`//evil.example`, `/\evil.example`).
 */
export function sameSitePage(referer: string | undefined, hosts: ReadonlySet<string>): URL | undefined {
  if (!referer || referer.length > MAX_BACK_LENGTH) return undefined;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !hosts.has(url.host.toLowerCase())) return undefined;
  if (url.username || url.password) return undefined;
  const path = url.pathname;
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || NOT_A_PAGE.test(path)) return undefined;
  return url;
}

/** Where the form's answer sends the reader: the page it came from (or `/`), with the marker and the form's anchor. */
export function answerLocation(referer: string | undefined, hosts: ReadonlySet<string>, form: NewsletterForm, outcome: NewsletterOutcome): string {
  const page = sameSitePage(referer, hosts) ?? new URL('http://site.invalid/');
  page.searchParams.delete(NEWSLETTER_MARKER);
  page.searchParams.set(NEWSLETTER_MARKER, newsletterMarkerValue(form, outcome));
  return `${page.pathname}${page.search}#${NEWSLETTER_FORM_ANCHORS[form]}`;
}

/** Which form posted: the footer's action says so; anything else is the sidebar box. */
function formOf(request: FastifyRequest): NewsletterForm {
  return (request.query as { from?: unknown } | undefined)?.from === 'footer' ? 'footer' : 'box';
}

/**
 * A browser's POST from another site (an auto-submitting form elsewhere signing up addresses
 * through readers' connections). The JSON route cannot be reached that way (a form cannot send
 * JSON); this one refuses it by what the browser says about the request's origin.
 */
function crossSite(request: FastifyRequest, hosts: ReadonlySet<string>): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  // `null`: an opaque origin, also what a same-site form sends under a no-referrer policy.
  if (typeof origin !== 'string' || origin === 'null') return false;
  const host = hostOf(origin);
  return host === undefined || !hosts.has(host);
}

export async function newsletterFormRoutes(app: FastifyInstance, { services: s }: { services: Pick<Services, 'config' | 'db' | 'mailer' | 'jobs'> }) {
  // Plain form bodies, for this route only (the API keeps answering 415 to them).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const publicHost = hostOf(s.config.publicBaseUrl);
  /** This site: the configured public address and the one the request was sent to. */
  const hostsOf = (request: FastifyRequest) => new Set([publicHost, hostOf(`${request.protocol}://${request.host}`)].filter((h): h is string => Boolean(h)));

  const answer = (request: FastifyRequest, reply: FastifyReply, outcome: NewsletterOutcome) => reply
    .header('cache-control', 'no-store')
    .redirect(answerLocation(request.headers.referer, hostsOf(request), formOf(request), outcome), 303);

  app.withTypeProvider<ZodTypeProvider>().post(NEWSLETTER_FORM_PATH, {
    schema: { querystring: formQuery, body: subscribeBody },
    // Invalid input is answered with the form's marker, not the API's 400.
    attachValidation: true,
    // Refused before the handler (a body too large or of another type, text no column can hold).
    errorHandler: (error, request, reply) => {
      const status = (error as { statusCode?: number; status?: number }).statusCode ?? (error as { status?: number }).status ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'newsletter form signup failed');
      return answer(request, reply, status === 429 ? 'busy' : status < 500 ? 'invalid' : 'failed');
    },
  }, async (request, reply) => {
    if (crossSite(request, hostsOf(request))) return answer(request, reply, 'failed');
    if (request.validationError) return answer(request, reply, 'invalid');
    let mailed: boolean;
    try {
      mailed = (await subscribe(s, { email: request.body.email, name: request.body.name, clientKey: request.clientKey })).confirmationMailed;
    } catch (error) {
      if (error instanceof AppError && error.status === 429) return answer(request, reply, 'busy');
      request.log.error({ err: error }, 'newsletter form signup failed');
      return answer(request, reply, 'failed');
    }
    return answer(request, reply, mailed ? 'sent' : 'recorded');
  });
}
