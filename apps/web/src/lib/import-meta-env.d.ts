// The part of Vite's `import.meta.env` the app reads (vite/client types are not loaded:
// the root tsconfig serves server and web alike). Vite replaces these at build time.
interface ImportMetaEnv {
  readonly PROD: boolean;
  readonly DEV: boolean;
  readonly SSR: boolean;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
