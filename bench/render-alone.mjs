// What a render thread does for one uncached page (render the app, finish the document, compress
// it), one page after another on one core, with nothing else running. The pages' data is read once
// from the real site (caches off) and handed to each render as a render thread gets it (a
// structured clone), so only the render is timed: the most pages a second one render thread can
// make, whatever the rest of the server does.
// `npx tsx bench/render-alone.mjs [renders]` (needs `npm run build`).
process.env.NODE_ENV = 'production';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pathOfRead } from '../packages/shared/src/contracts/page-reads.ts';
import { finishPage } from '../packages/shared/src/render/page.ts';
import { readPageShell } from '../apps/server/src/plugins/ssr.ts';
import { SITE, median, newestArticlePath, startSite, stopProcess } from './lib.mjs';

const renders = Number(process.argv[2] ?? 1000);
const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');
const { render } = await import(pathToFileURL(path.join(webDist, 'server/entry-server.js')).href);
const shell = await readPageShell(webDist);

const site = await startSite('0');
const data = new Map();
let pages;
try {
  pages = [{ label: 'article page', url: await newestArticlePath(SITE) }, { label: 'home page', url: '/' }];
  // Every read the pages make, once.
  for (const { url } of pages) {
    await render({
      url,
      publicBaseUrl: SITE,
      fetchJson: async (read) => {
        const apiPath = pathOfRead(read);
        if (!data.has(apiPath)) {
          const res = await fetch(`${SITE}${apiPath}`);
          if (!res.ok) throw Object.assign(new Error(`${res.status}`), { status: res.status, body: await res.text() });
          data.set(apiPath, await res.json());
        }
        return data.get(apiPath);
      },
    });
  }
} finally {
  await stopProcess(site);
}

const fetchJson = async (read) => structuredClone(data.get(pathOfRead(read)));
/** ms per page: render, document, ETag and brotli, one page after another. */
async function timeRenders(url, count) {
  const started = performance.now();
  for (let i = 0; i < count; i++) finishPage(shell, await render({ url, fetchJson, publicBaseUrl: SITE }), { encoding: 'br' });
  return (performance.now() - started) / count;
}

const rows = [];
for (const { label, url } of pages) {
  await timeRenders(url, 500); // warm-up
  // Three runs: the machine's speed drifts.
  const runs = [];
  for (let run = 0; run < 3; run++) runs.push(await timeRenders(url, renders));
  const ms = median(runs);
  rows.push(`| ${label} | ${ms.toFixed(2)} (${runs.map((v) => v.toFixed(2)).join(', ')}) | ${(1000 / ms).toFixed(0)} |`);
}
console.log(`\nOne render thread's work per uncached page (render, document, ETag, brotli), ${renders} renders a run, ${new Date().toISOString()}\n`);
console.log('| page | ms per page (median; runs) | pages/s one render thread can make |');
console.log('|---|---:|---:|');
console.log(rows.join('\n'));
