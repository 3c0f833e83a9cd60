import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reactRouterProduction } from '../../react-router-production.ts';

describe('reactRouterProduction', () => {
  it('points production builds at React Router files with development warnings compiled out', () => {
    const [alias] = reactRouterProduction('build', 'production');
    expect(alias.find).toEqual(/^react-router$/);
    expect((alias.find as RegExp).test('react-router/dom')).toBe(false);
    const file = alias.replacement;
    expect(existsSync(file)).toBe(true);
    const dir = dirname(file);
    expect(dir.endsWith(join('dist', 'production'))).toBe(true);
    const flags = readdirSync(dir)
      .filter((name) => name.endsWith('.mjs'))
      .flatMap((name) => readFileSync(join(dir, name), 'utf8').match(/ENABLE_DEV_WARNINGS = \w+/g) ?? []);
    expect(flags.length).toBeGreaterThan(0);
    expect(new Set(flags)).toEqual(new Set(['ENABLE_DEV_WARNINGS = false']));
  });

  it('leaves development servers and tests on the development build', () => {
    expect(reactRouterProduction('serve', 'development')).toEqual([]);
    expect(reactRouterProduction('build', 'development')).toEqual([]);
  });
});
