// The pages a mail's links open: confirming a signup and unsubscribing. Small server-rendered
// pages in the site's colours and theme (its theme-init.js applies the reader's light or dark
// choice), Persian and right to left. A link only shows a button: the change is a POST from it,
// so a mail scanner that opens every link confirms or unsubscribes nobody.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeHtml } from '@chapar/shared/html';

/** The web build's assets, where the site's own Vazirmatn file is (served at /assets/). */
const ASSETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist/client/assets');
let fontFace: string | undefined;

/** The site's Vazirmatn, as its pages load it (apps/web/src/app/fonts.css); nothing (the fallbacks) without a web build. */
function siteFont(): string {
  if (fontFace !== undefined) return fontFace;
  let file: string | undefined;
  try {
    file = readdirSync(ASSETS_DIR).find((name) => /^Vazirmatn-NL[^/]*\.woff2$/.test(name));
  } catch {
    file = undefined;
  }
  fontFace = file
    ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${file}"><style>@font-face{font-family:Vazirmatn;src:url('/assets/${file}') format('woff2');font-weight:100 900;font-display:swap;unicode-range:U+0020-0021,U+0028-0029,U+002D-002F,U+003A,U+00A0,U+00AB,U+00BB,U+0600-06FF,U+0750-077F,U+08A0-08FF,U+200C-200F,U+2066-2069,U+FB50-FDFF,U+FE70-FEFF}</style>`
    : '';
  return fontFace;
}

export interface PageContent {
  title: string;
  /** Paragraphs, already escaped (may hold <bdi>). */
  paragraphs: string[];
  /** A button that POSTs the token back to this page. */
  action?: { label: string; path: string; token: string };
  tone?: 'neutral' | 'success' | 'warning';
}

/** An address inside Persian text, isolated so it reads left to right. */
export const isolatedEmail = (email: string) => `<bdi dir="ltr">${escapeHtml(email)}</bdi>`;

const STYLE = `
:root{--bg:#f5f5f6;--card:#fff;--fg:#16161a;--muted:#5d5f66;--border:#e4e4e7;--accent:#c8102e;--accent-fg:#fff;--ring:#c8102e;--ok:#166534;--warn:#92400e;color-scheme:light}
.dark{--bg:#0e0e10;--card:#151517;--fg:#ececee;--muted:#a0a1a8;--border:#2c2c31;--accent:#f04157;--accent-fg:#fff;--ring:#ff6b7d;--ok:#4ade80;--warn:#fcd34d;color-scheme:dark}
*{box-sizing:border-box}
html{font-family:Vazirmatn,Tahoma,'Segoe UI',system-ui,sans-serif;background:var(--bg);color:var(--fg)}
body{margin:0;line-height:1.9;min-height:100dvh;display:flex;flex-direction:column}
header{border-bottom:3px solid var(--accent);background:var(--card)}
header a{display:inline-block;padding:.75rem 1rem;color:var(--accent);font-size:1.5rem;font-weight:700;text-decoration:none}
main{flex:1;display:flex;justify-content:center;align-items:flex-start;padding:2rem 1rem}
.card{width:100%;max-width:34rem;background:var(--card);border:1px solid var(--border);border-radius:1rem;padding:1.5rem}
h1{margin:0 0 .75rem;font-size:1.35rem;line-height:1.6}
.success h1{color:var(--ok)}.warning h1{color:var(--warn)}
p{margin:0 0 .75rem}
bdi{unicode-bidi:isolate;display:inline-block;max-width:100%;overflow-wrap:anywhere}
button{font:inherit;font-weight:700;cursor:pointer;border:0;border-radius:.5rem;background:var(--accent);color:var(--accent-fg);padding:.6rem 1.5rem;min-height:2.75rem}
.dark button{background:#b91c1c}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--ring);outline-offset:2px}
.home{display:inline-block;margin-top:.5rem}
`;

export function renderPage(siteName: string, content: PageContent): string {
  const form = content.action
    ? `<form method="post" action="${escapeHtml(content.action.path)}"><input type="hidden" name="token" value="${escapeHtml(content.action.token)}"><button type="submit">${escapeHtml(content.action.label)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(content.title)} | ${escapeHtml(siteName)}</title>
<script src="/theme-init.js"></script>
${siteFont()}
<style>${STYLE}</style>
</head>
<body>
<header><a href="/">${escapeHtml(siteName)}</a></header>
<main id="main"><section class="card ${content.tone ?? 'neutral'}" aria-labelledby="page-title">
<h1 id="page-title">${escapeHtml(content.title)}</h1>
${content.paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
${form}
<a class="home" href="/">بازگشت به صفحه اصلی</a>
</section></main>
</body>
</html>
`;
}
