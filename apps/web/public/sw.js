// Chapar's service worker: offline reading of saved articles (spec 02 §4).
//
// - Pages: network first; without a network, the copy saved in Cache Storage ('articles-v1',
//   filled by the page's "save offline" button), found by address or by article id.
// - /api/articles/{id}...: network first, the saved answer when offline.
// - /assets/* (hashed, immutable): from any cache first, else the network, kept in a small
//   runtime cache so a saved page finds its scripts even after a new deploy.
// - Everything else (admin, other API calls, cross-origin) is left to the browser.
// - Push (breaking news): the message (title, body naming the article, its address) is shown as
//   a Persian notification; a click opens the article, or focuses a tab already showing it.

const ARTICLES_CACHE = 'articles-v1';
const ASSETS_CACHE = 'chapar-assets-v1';
const KEEP = new Set([ARTICLES_CACHE, ASSETS_CACHE]);
const MAX_RUNTIME_ASSETS = 120;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (!KEEP.has(name)) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

const articleIdOf = (pathname) => {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Keep it as it came.
  }
  const match = /^\/(?:article\/(?:.*-)?|s\/)(\d+)\/?$/.exec(path);
  return match ? match[1] : null;
};

// The saved page for this address: the same URL, else a redirect to the saved page of the
// same article id (/s/42 or an old slug), so the page runs at its own address.
async function savedPage(request) {
  const cache = await caches.open(ARTICLES_CACHE);
  const exact = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
  if (exact) return fromCache(exact);
  const id = articleIdOf(new URL(request.url).pathname);
  if (!id) return undefined;
  for (const key of await cache.keys()) {
    const { pathname } = new URL(key.url);
    if (pathname.startsWith('/article/') && articleIdOf(pathname) === id) return Response.redirect(key.url, 302);
  }
  return undefined;
}

const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeHtml = (text) => text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi,
  (_m, dec, hex, name) => (name ? ENTITIES[name.toLowerCase()] : String.fromCodePoint(parseInt(dec ?? hex, dec ? 10 : 16))));

// The articles saved for reading offline, newest saved last in the cache, each with its title.
async function savedArticles() {
  const cache = await caches.open(ARTICLES_CACHE);
  const saved = [];
  for (const key of await cache.keys()) {
    const { pathname } = new URL(key.url);
    if (!pathname.startsWith('/article/') || !articleIdOf(pathname)) continue;
    const page = await cache.match(key);
    const title = /<title>([^<]*)<\/title>/.exec(page ? await page.text() : '');
    saved.push({ href: pathname, title: title ? unescapeHtml(title[1]).replace(/\s*\|[^|]*$/, '') : '' });
  }
  return saved.reverse();
}

// The site's own font, if a saved page brought it into a cache (its name is hashed by the build).
async function cachedFontUrl() {
  for (const name of [ARTICLES_CACHE, ASSETS_CACHE]) {
    const cache = await caches.open(name);
    const key = (await cache.keys()).find((request) => /\/assets\/Vazirmatn[^/]*\.woff2$/.test(new URL(request.url).pathname));
    if (key) return new URL(key.url).pathname;
  }
  return null;
}

// Colours of the site's light and dark themes; /theme-init.js (saved with every article) sets
// the reader's own choice, and without it the system's preference decides.
const OFFLINE_STYLE = ':root{--bg:#fff;--fg:#16161a;--muted:#5d5f66;--card:#f5f5f6;--border:#e4e4e7;--accent:#c8102e;color-scheme:light}'
  + 'html.dark{--bg:#0e0e10;--fg:#ececee;--muted:#a0a1a8;--card:#18181b;--border:#2c2c31;--accent:#f04157;color-scheme:dark}'
  + '@media (prefers-color-scheme:dark){html.no-js{--bg:#0e0e10;--fg:#ececee;--muted:#a0a1a8;--card:#18181b;--border:#2c2c31;--accent:#f04157;color-scheme:dark}}'
  + 'body{margin:0;background:var(--bg);color:var(--fg);font-family:Vazirmatn,Tahoma,system-ui,sans-serif;line-height:1.9}'
  + 'main{max-width:40rem;margin:0 auto;padding:3rem 1rem}h1{font-size:1.5rem;margin:0 0 .5rem}h2{font-size:1.1rem;margin:2rem 0 .75rem}'
  + 'p{color:var(--muted);margin:0 0 1rem}a{color:var(--accent)}a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}'
  + 'ul{list-style:none;padding:0;margin:0}li{border:1px solid var(--border);background:var(--card);border-radius:.75rem;margin-bottom:.5rem}'
  + 'li a{display:block;padding:.75rem 1rem;color:var(--fg);text-decoration:none}li a:hover{color:var(--accent)}';

// A page the reader did not save, opened without a network: says so, in the site's look, and
// lists the articles that were saved, which open offline.
async function offlinePage() {
  const [saved, font] = await Promise.all([savedArticles().catch(() => []), cachedFontUrl().catch(() => null)]);
  const fontFace = font ? `@font-face{font-family:Vazirmatn;src:url('${font}') format('woff2');font-weight:100 900;font-display:swap}` : '';
  const list = saved.length
    ? '<h2>مقاله‌های ذخیره‌شده برای خواندن آفلاین</h2><ul>'
      + saved.map((a) => `<li><a href="${escapeHtml(a.href)}">${escapeHtml(a.title || 'مقالهٔ ذخیره‌شده')}</a></li>`).join('') + '</ul>'
    : '';
  const html = '<!doctype html><html lang="fa" dir="rtl" class="no-js"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
    + `<title>آفلاین | چاپار</title><script src="/theme-init.js"></script><style>${fontFace}${OFFLINE_STYLE}</style></head><body><main>`
    + '<h1>اتصال اینترنت برقرار نیست</h1><p>این صفحه برای خواندن آفلاین ذخیره نشده است. پس از اتصال دوباره تلاش کنید.</p>'
    + `<p><a href="/">بازگشت به صفحه اصلی</a></p>${list}</main></body></html>`;
  return new Response(html, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'x-chapar-offline': '1' } });
}

// Marks an answer that came from the saved copy (tests and the page can tell).
async function fromCache(response) {
  const headers = new Headers(response.headers);
  headers.set('x-chapar-offline', '1');
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

async function handleNavigation(event) {
  const { request } = event;
  try {
    const response = await fetch(request);
    // A saved page stays fresh: each online visit replaces the stored copy.
    if (response.ok && response.status === 200 && !response.redirected) {
      event.waitUntil((async () => {
        const cache = await caches.open(ARTICLES_CACHE);
        if (await cache.match(request, { ignoreSearch: true })) await cache.put(request.url.split('?')[0], response.clone());
      })());
    }
    return response;
  } catch {
    return (await savedPage(request)) ?? offlinePage();
  }
}

async function handleArticleApi(event) {
  const { request } = event;
  try {
    const response = await fetch(request);
    if (response.ok) {
      event.waitUntil((async () => {
        const cache = await caches.open(ARTICLES_CACHE);
        if (await cache.match(request)) await cache.put(request, response.clone());
      })());
    }
    return response;
  } catch (error) {
    const saved = await caches.match(request, { cacheName: ARTICLES_CACHE });
    if (saved) return fromCache(saved);
    throw error;
  }
}

async function trimAssets(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_RUNTIME_ASSETS))) await cache.delete(key);
}

async function handleAsset(event) {
  const { request } = event;
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.status === 200) {
    event.waitUntil((async () => {
      const cache = await caches.open(ASSETS_CACHE);
      await cache.put(request, response.clone());
      await trimAssets(cache);
    })());
  }
  return response;
}

async function handleStatic(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(request, { ignoreSearch: true });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    // Saved CDN images, when offline.
    if (request.destination === 'image') event.respondWith(handleStatic(request));
    return;
  }
  const { pathname } = url;
  if (pathname === '/admin' || pathname.startsWith('/admin/') || pathname.startsWith('/api/admin')) return;
  if (request.mode === 'navigate') {
    event.respondWith(handleNavigation(event));
  } else if (/^\/api\/articles\/\d+(\/related)?$/.test(pathname)) {
    event.respondWith(handleArticleApi(event));
  } else if (pathname.startsWith('/assets/')) {
    event.respondWith(handleAsset(event));
  } else if (pathname.startsWith('/media/') || pathname === '/theme-init.js' || pathname === '/favicon.svg') {
    event.respondWith(handleStatic(request));
  }
});

const PUSH_FALLBACK_TITLE = 'خبر فوری';

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    // Not JSON: shown with the fallback title.
  }
  const text = (value) => (typeof value === 'string' ? value : '');
  const url = new URL(text(message.url) || '/', self.location.origin);
  const options = {
    body: text(message.body),
    dir: 'rtl',
    lang: 'fa',
    icon: '/favicon.svg',
    // Only the site's own pages open from a notification.
    data: { url: url.origin === self.location.origin ? url.href : self.location.origin + '/' },
  };
  if (text(message.tag)) options.tag = text(message.tag);
  event.waitUntil(self.registration.showNotification(text(message.title) || PUSH_FALLBACK_TITLE, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || self.location.origin + '/';
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => client.url === url);
    if (open) return open.focus();
    return self.clients.openWindow(url);
  })());
});
