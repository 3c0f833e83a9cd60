// `react` in the public pages' browser build (vite.config.ts): Preact's compat layer plus the
// React 19 hooks it lacks. Plain JavaScript: preact/compat's types (`export =`) cannot be
// re-exported with `export *` from TypeScript, and this file is only ever bundled.
export * from 'preact/compat';
export { default } from 'preact/compat';
export { use, useOptimistic } from './react-19-hooks.ts';
