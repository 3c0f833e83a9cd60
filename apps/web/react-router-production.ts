import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Alias } from 'vite';

const require = createRequire(import.meta.url);

/**
 * React Router 7 ships a production build (development warnings compiled out) beside its
 * development one, but its package exports name only the development files, for Node and for
 * bundlers alike (remix-run/react-router#14102). Without this, every page render on the server
 * and in the browser builds the text of development warnings and runs their checks. Production
 * builds resolve `react-router` to the production files; development and tests keep the warnings.
 */
export function reactRouterProduction(command: 'build' | 'serve', mode: string): Alias[] {
  if (command !== 'build' || mode !== 'production') return [];
  const dist = join(dirname(require.resolve('react-router/package.json')), 'dist', 'production');
  return [{ find: /^react-router$/, replacement: join(dist, 'index.mjs') }];
}
