import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `node scripts/test.mjs` runs the whole suite (tens of minutes): asking it for help must not.
const script = path.resolve(import.meta.dirname, 'test.mjs');
const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 20_000, killSignal: 'SIGKILL' });

describe('npm test\'s script', () => {
  it('prints its usage for --help and -h and exits 0 without running anything', () => {
    for (const flag of ['--help', '-h']) {
      const result = run(flag);
      expect(result.status, flag).toBe(0);
      expect(result.stdout).toMatch(/^Usage: node scripts\/test\.mjs/);
      for (const name of ['CI=true', 'TEST_DATABASE_URL', 'CHROMIUM_PATH', 'NGINX_PATH', 'lint', 'browser tests']) expect(result.stdout).toContain(name);
      expect(result.stdout).not.toContain('━━');
    }
  });

  it('refuses an argument it does not know, with its usage, instead of running the suite', () => {
    const result = run('--watch', 'apps/server');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^Unknown arguments: --watch apps\/server\n\nUsage: node scripts\/test\.mjs/);
    expect(result.stdout).toBe('');
  });
});
