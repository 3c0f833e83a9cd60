#!/usr/bin/env node
// Before `npm start`: build what production runs, once, and again whenever a source is newer
// than its build (so nobody runs stale code):
// - the web app (apps/web/dist) from apps/web and packages/shared;
// - the server (apps/server/dist/main.js, plain JavaScript run by `node`) from apps/server/src,
//   packages/db/src and packages/shared/src.
// Both bundle packages from node_modules too, so a changed package-lock.json rebuilds them.
// Checking costs a walk over the source folders' modification times (a few ms).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => path.join(root, p);

/** Newest modification time (ms) of the files under `dirs`, tests left out. */
function newest(dirs, files = []) {
  let max = 0;
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (!/\.(test|e2e)\.tsx?$/.test(entry.name)) max = Math.max(max, statSync(full).mtimeMs);
    }
  };
  for (const dir of dirs) if (existsSync(at(dir))) visit(at(dir));
  for (const file of files) if (existsSync(at(file))) max = Math.max(max, statSync(at(file)).mtimeMs);
  return max;
}

/** Oldest modification time of the build outputs, or 0 when one is missing. */
function builtAt(outputs) {
  if (!outputs.every((o) => existsSync(at(o)))) return 0;
  return Math.min(...outputs.map((o) => statSync(at(o)).mtimeMs));
}

const web = {
  outputs: ['apps/web/dist/server/entry-server.js', 'apps/web/dist/server/render-worker.js', 'apps/web/dist/client/index.html', 'apps/web/dist/client/admin.html'],
  sources: newest(['apps/web/src', 'apps/web/public', 'packages/shared/src'], ['apps/web/index.html', 'apps/web/admin.html', 'apps/web/vite.config.ts', 'apps/web/vite.admin.config.ts', 'apps/web/icon-sprite.ts', 'apps/web/package.json', 'package-lock.json']),
};
const webBuilt = builtAt(web.outputs);
if (webBuilt < web.sources) {
  console.log(webBuilt ? 'Building the web app (its sources changed)…' : 'Building the web app (first start)…');
  const res = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const serverBuilt = builtAt(['apps/server/dist/main.js']);
const serverSources = newest(['apps/server/src', 'packages/db/src', 'packages/shared/src'], ['apps/server/package.json', 'scripts/build-server.mjs', 'package-lock.json']);
if (serverBuilt < serverSources) {
  console.log(serverBuilt ? 'Building the server (its sources changed)…' : 'Building the server (first start)…');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
