import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { iconSprite } from './icon-sprite.ts';
import { reactRouterProduction } from './react-router-production.ts';

const require = createRequire(import.meta.url);
// Vazirmatn's woff2 files, referenced from src/app/fonts.css and emitted as hashed assets.
const vazirmatnDir = dirname(require.resolve('vazirmatn/package.json'));

// The browser gets Preact behind React's API (about 55 KB gzip less than react-dom); the server
// renders with React itself. See docs/decisions/0004-preact-in-the-browser.md.
const PREACT_ALIASES = {
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom/client': 'preact/compat/client',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};
// `react` itself is Preact's compat layer plus the React 19 hooks it lacks (src/app/preact-react.js).
const PREACT_REACT = { find: /^react$/, replacement: fileURLToPath(new URL('./src/app/preact-react.js', import.meta.url)) };

// Client build: dist/client (+ .vite/manifest.json, read by the server for preloads).
// SSR build (`vite build --ssr`): dist/server/entry-server.js, and render-worker.js, the same
// entry run in a render thread (apps/server/src/plugins/render-pool.ts).
export default defineConfig(({ isSsrBuild, command, mode }) => ({
  plugins: [react(), tailwindcss(), iconSprite()],
  // public/ (theme-init.js, favicon, share image) belongs to the browser build only.
  publicDir: isSsrBuild ? false : 'public',
  resolve: {
    alias: [
      ...reactRouterProduction(command, mode),
      ...(isSsrBuild ? [] : [PREACT_REACT]),
      ...Object.entries({
        ...(isSsrBuild ? {} : PREACT_ALIASES),
        '@vazirmatn': vazirmatnDir,
        '@': fileURLToPath(new URL('./src', import.meta.url)),
      }).map(([find, replacement]) => ({ find, replacement })),
    ],
  },
  build: {
    manifest: !isSsrBuild,
    target: 'es2022',
    // Every browser we target supports modulepreload; the polyfill only costs bytes.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild
      ? { input: { 'entry-server': 'src/app/entry-server.tsx', 'render-worker': 'src/app/render-worker.ts' }, output: { entryFileNames: '[name].js' } }
      : {
          output: {
            // Few, cacheable chunks instead of dozens of tiny shared ones: libraries (change
            // rarely), shared site code, then one chunk per page.
            codeSplitting: {
              groups: [
                { name: 'vendor', test: /node_modules/ },
                { name: 'common', test: /src\/(components|lib)\/|packages\/shared\//, minShareCount: 2 },
              ],
            },
          },
        },
  },
  ssr: {
    // The shared package ships TypeScript source: bundle it rather than import it at run time.
    noExternal: ['@chapar/shared'],
  },
}));
