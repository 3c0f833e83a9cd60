#!/usr/bin/env node
// Builds the server to JavaScript once (apps/server/dist/main.js), so production starts with
// plain `node` instead of compiling TypeScript at every start. The workspace packages
// (@chapar/shared, @chapar/db: TypeScript sources) and BUNDLED_PACKAGES are bundled in; the
// rest of node_modules stays an import. `npm run dev` and the tests keep running the sources with tsx.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = path.join(root, 'apps/server/src/main.ts');
export const SERVER_OUT = path.join(root, 'apps/server/dist/main.js');
/** The benchmarks' site (bench/serve-site.ts), built the same way, so they measure what production runs. */
export const BENCH_SITE_ENTRY = path.join(root, 'bench/serve-site.ts');
// Beside the server's bundle, where the server's own packages resolve (apps/server/node_modules).
export const BENCH_SITE_OUT = path.join(root, 'apps/server/dist/bench/serve-site.js');

/**
 * Sources that find files next to themselves (migrations, fonts, the web build) read
 * `import.meta.url`; in the bundle that would be the bundle's own file. Each such use becomes the
 * source file's own address, relative to the bundle, so the repository may move.
 */
const ownUrl = (outFile) => ({
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const relative = path.relative(path.dirname(outFile), args.path).split(path.sep).join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
});

/**
 * Packages bundled in although they come from node_modules. drizzle-orm is some 400 ES modules
 * under a 178 KB package.json that Node reads again for every one of them: 0.7 s of each start
 * on a machine whose node:http hello world serves 35,000 req/s, 15 ms bundled.
 */
export const BUNDLED_PACKAGES = ['drizzle-orm'];
const bundledPackage = (specifier) => specifier.startsWith('@chapar/') || BUNDLED_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/** Packages from node_modules are imported at run time; the workspace's own are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (bundledPackage(args.path) ? undefined : { path: args.path, external: true }));
  },
};

/** Bundles `entry` into `out` (a folder of its own, emptied first: chunks of an earlier build would stay). */
async function bundle(entry, out, banner) {
  const started = Date.now();
  await rm(path.dirname(out), { recursive: true, force: true });
  await build({
    entryPoints: [entry],
    outdir: path.dirname(out),
    entryNames: '[name]',
    // What the sources load with import() (GramJS, the mtproto source) stays a chunk of its
    // own, loaded on first use as under tsx; bundled into one file, its imports of packages
    // would be hoisted to the top and loaded at every start.
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [ownUrl(out), externalPackages],
    banner: { js: banner },
  });
  return Date.now() - started;
}

export function buildServer() {
  return bundle(SERVER_ENTRY, SERVER_OUT, '// Built from apps/server/src by scripts/build-server.mjs: do not edit.');
}

/**
 * The benchmarks' site server. Run from its TypeScript with tsx, the server's heap also held
 * every module's source and source map (about 15 MB of a 70 MB heap, marked again by every full
 * collection): not what production (`npm start`, this bundle's sibling) runs.
 */
export function buildBenchSite() {
  return bundle(BENCH_SITE_ENTRY, BENCH_SITE_OUT, '// Built from bench/serve-site.ts by scripts/build-server.mjs: do not edit.');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ms = await buildServer();
  console.log(`Server built to ${path.relative(root, SERVER_OUT)} in ${ms} ms`);
}
