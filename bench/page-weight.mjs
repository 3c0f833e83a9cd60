#!/usr/bin/env node
// Initial JavaScript of a page: every script and modulepreload the server-rendered HTML
// names, fetched and gzipped (level 9, as a CDN would), summed. Run against a started site:
//   node bench/page-weight.mjs [baseUrl] [path...]
import { gzipSync } from 'node:zlib';
import { newestArticlePath, siteScript, startProcess, stopProcess } from './lib.mjs';

let base = process.argv[2];
let site;
if (!base) {
  site = await startProcess(await siteScript(), ['3996']);
  base = 'http://127.0.0.1:3996';
}
const paths = process.argv.slice(3).length ? process.argv.slice(3) : ['/', '/category/politics', await newestArticlePath(base)];

console.log('| page | scripts | JS raw KB | JS gzip KB | HTML gzip KB |\n|---|---:|---:|---:|---:|');
for (const path of paths) {
  const html = await (await fetch(base + path)).text();
  const srcs = new Set([
    ...[...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]),
  ]);
  let raw = 0;
  let gz = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
  }
  const htmlGz = gzipSync(Buffer.from(html), { level: 9 }).length;
  console.log(`| ${path} | ${srcs.size} | ${(raw / 1024).toFixed(1)} | ${(gz / 1024).toFixed(1)} | ${(htmlGz / 1024).toFixed(1)} |`);
}
if (site) await stopProcess(site);
