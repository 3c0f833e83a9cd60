// A whole page for answers made outside the app's render (a server error, an address the router
// cannot read): a reader who opened an address sees Persian text and a way home, never JSON.
import { escapeHtml as escape } from '@chapar/shared/html';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function plainPage(title: string, text: string): string {
  return `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} | چاپار</title>
<style>:root{color-scheme:light dark}body{font-family:Vazirmatn,Tahoma,sans-serif;text-align:center;padding:4rem 1rem;line-height:1.8}</style></head>
<body><main><h1>${escape(title)}</h1><p>${escape(text)}</p><p><a href="/">بازگشت به صفحه اصلی</a></p></main></body></html>`;
}

/** The API and built files answer {error, message}; every other address is one a person may have opened. */
const NOT_READ_BY_PEOPLE = /^\/(?:api|assets|media)(?:[/?#]|$)/;

/** True for a GET or HEAD of a page's address: a refusal of it is best shown as a page. */
export function isPageAddress(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !NOT_READ_BY_PEOPLE.test(url);
}

/** True when a refusal of this request is best shown as a page (a GET or HEAD of a page's address). */
export function wantsPage(request: FastifyRequest): boolean {
  return isPageAddress(request.method, request.url);
}

/** Sends `status` as a plain page; never cached, as the refusal is about one mistyped address. */
export function sendPlainPage(reply: FastifyReply, status: number, title: string, text: string): FastifyReply {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(plainPage(title, text));
}
