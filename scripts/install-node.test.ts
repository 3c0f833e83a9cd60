import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the scripts
import { satisfies, versionParts } from './install-node.mjs';

describe('install-node (the Node the engines field names)', () => {
  it('compares a version with a >= range part by part', () => {
    expect(versionParts('v22.12.0')).toEqual([22, 12, 0]);
    expect(versionParts('>=22.12')).toEqual([22, 12, 0]);
    expect(satisfies('v22.12.0', '>=22.12')).toBe(true);
    expect(satisfies('v22.23.3', '>=22.12')).toBe(true);
    expect(satisfies('v24.0.0', '>=22.12')).toBe(true);
    expect(satisfies('v22.11.9', '>=22.12')).toBe(false);
    expect(satisfies('v20.20.2', '>=22.12')).toBe(false);
    expect(satisfies('v9.99.0', '>=22.12')).toBe(false);
  });

  // Under an older Node the script would fetch one (about 50 MB): `npm test` says so loudly instead.
  const { engines } = JSON.parse(readFileSync('package.json', 'utf8'));
  it.runIf(satisfies(process.version, engines.node))('prints nothing under a Node that satisfies the engines field, so .ci/run leaves PATH alone', () => {
    expect(execFileSync(process.execPath, ['scripts/install-node.mjs'], { encoding: 'utf8' })).toBe('');
  });
});
