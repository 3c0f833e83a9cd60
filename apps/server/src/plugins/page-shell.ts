// What renders the pages: the web build's shell (index.html and its manifest) and either render
// threads (plugins/render-pool.ts) or the build's entry on the server's own thread.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRead } from '@chapar/shared/contracts';
import { finishPage, type Manifest, type PageShell, type RenderResult } from '@chapar/shared/node-render';
import { createRenderPool, type PageRenderer } from './render-pool.ts';

// Preloaded because every page's text uses them (regular body, bold headlines).
const PRELOADED_FONTS = [/Vazirmatn-NL[^/]*\.woff2$/];

// The shape of apps/web/src/app/entry-server.tsx, which is loaded from its build.
interface SsrEntry {
  render(options: { url: string; fetchJson: (request: PageRead) => Promise<unknown>; publicBaseUrl?: string }): Promise<RenderResult>;
}

function fontPreloads(manifest: Manifest): string {
  const fonts = Object.values(manifest).map((c) => c.file).filter((file) => PRELOADED_FONTS.some((re) => re.test(file)));
  return fonts.map((f) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${f}">`).join('');
}

/** What every page is put into, from the web build: index.html with its font preloads, and the manifest. */
export async function readPageShell(webDistDir: string): Promise<PageShell> {
  const clientDir = path.join(webDistDir, 'client');
  const manifest = JSON.parse(await readFile(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const template = (await readFile(path.join(clientDir, 'index.html'), 'utf8'))
    .replace('<!--app-head-->', `${fontPreloads(manifest)}<!--app-head-->`);
  return { template, manifest };
}

/** Render threads for the web build in `webDistDir` (its render-worker.js). */
export async function startRenderThreads(webDistDir: string, threads: number, onThreadError: (error: Error) => void): Promise<PageRenderer> {
  const workerFile = path.join(webDistDir, 'server', 'render-worker.js');
  if (!existsSync(workerFile)) throw new Error(`The web app's render thread is not built (${workerFile}): run \`npm run build\` first.`);
  return createRenderPool({ workerFile, shell: await readPageShell(webDistDir), threads, onThreadError });
}

/** Pages rendered on the server's own thread (no render threads); compression is left to the sender. */
export async function inProcessRenderer(webDistDir: string): Promise<PageRenderer> {
  const shell = await readPageShell(webDistDir);
  const entry = (await import(pathToFileURL(path.join(webDistDir, 'server', 'entry-server.js')).href)) as SsrEntry;
  return { render: async (options) => finishPage(shell, await entry.render(options)), threads: 0, busyMs: () => 0, close: async () => undefined };
}
