import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const moduleUrl = new URL('./production-default.ts', import.meta.url).href;

/** NODE_ENV as seen by code imported after the module, in a fresh process. */
function nodeEnvAfterImport(nodeEnv: string | undefined): string {
  const env = { ...process.env };
  delete env.NODE_ENV;
  if (nodeEnv !== undefined) env.NODE_ENV = nodeEnv;
  const script = `await import(${JSON.stringify(moduleUrl)}); const { createRequire } = await import('node:module'); const require = createRequire(${JSON.stringify(moduleUrl)}); console.log(process.env.NODE_ENV + ' ' + (require('react/jsx-runtime').jsx === require('react/jsx-runtime').jsxs ? 'prod' : 'dev'));`;
  return execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env, encoding: 'utf8', cwd: fileURLToPath(new URL('.', import.meta.url)) }).trim();
}

describe('production by default', () => {
  it('makes an unset NODE_ENV production, so React renders pages with its production build', () => {
    expect(nodeEnvAfterImport(undefined)).toBe('production prod');
  });

  it('keeps an explicit choice', () => {
    expect(nodeEnvAfterImport('development')).toBe('development dev');
  });
});
