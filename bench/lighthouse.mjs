#!/usr/bin/env node
// Lighthouse 12 (Node 20 compatible) with Debian Chromium, mobile emulation (the default),
// on the home page, a category page and an article. Prints performance and accessibility.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { newestArticlePath, siteScript, startProcess, stopProcess } from './lib.mjs';

const site = await startProcess(await siteScript(), ['3995']);
const base = 'http://127.0.0.1:3995';
const articlePath = await newestArticlePath(base);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
console.log('| page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS |\n|---|---:|---:|---:|---:|---:|---:|---:|');
try {
  const pages = process.env.LH_PAGES ? process.env.LH_PAGES.split(',').map((p) => (p === 'article' ? articlePath : p)) : ['/', '/category/politics', articlePath];
  for (const path of pages) {
    // Warm the server's caches once, as production traffic would.
    await fetch(base + path);
    const { lhr } = await lighthouse(base + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    const score = (k) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
    const audit = (k) => lhr.audits[k]?.numericValue ?? NaN;
    console.log(`| ${decodeURIComponent(path).slice(0, 40)} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${Math.round(audit('largest-contentful-paint'))} | ${Math.round(audit('total-blocking-time'))} | ${audit('cumulative-layout-shift').toFixed(3)} |`);
    if (process.env.LH_VERBOSE) {
      for (const a of Object.values(lhr.audits)) if (a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative') console.log(`   ${decodeURIComponent(path).slice(0, 30)}: ${a.id} ${a.score} ${a.displayValue ?? ''}`);
    }
  }
} finally {
  await chrome.kill();
  await stopProcess(site);
}
