import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { iconSprite } from './icon-sprite.ts';
import { reactRouterProduction } from './react-router-production.ts';

const require = createRequire(import.meta.url);
const vazirmatnDir = dirname(require.resolve('vazirmatn/package.json'));

// The admin area's own browser build (docs/decisions/0009-admin-client.md): React itself, not
// the public pages' Preact aliases, because its editor and primitives need React. It writes
// admin.html and hashed files into the public build's dist/client (which it does not empty),
// so the server serves both from one directory; public pages never reference these files.
export default defineConfig(({ command, mode }) => ({
  plugins: [react(), tailwindcss(), iconSprite()],
  publicDir: false,
  resolve: {
    alias: [
      ...reactRouterProduction(command, mode),
      { find: '@vazirmatn', replacement: vazirmatnDir },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: false,
    manifest: false,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: {
      input: fileURLToPath(new URL('./admin.html', import.meta.url)),
      output: {
        entryFileNames: 'assets/admin-[hash].js',
        chunkFileNames: 'assets/admin-[name]-[hash].js',
        codeSplitting: {
          groups: [
            // Libraries the shell and the sign-in screen need, in one cacheable chunk. Every other
            // library (the editor's TipTap and ProseMirror, the charts, the tables, the forms)
            // goes with the screens that use it, each loaded when first opened (src/admin/screens.ts).
            // Two of them, so neither is over Vite's 500 kB: React and its router, then the UI kit.
            { name: 'react', test: /node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//, priority: 2 },
            { name: 'vendor', test: /node_modules\/(@tanstack\/react-query|@tanstack\/query-core|radix-ui|@radix-ui|@floating-ui|lucide-react|zod)\//, priority: 1 },
          ],
        },
      },
    },
  },
}));
