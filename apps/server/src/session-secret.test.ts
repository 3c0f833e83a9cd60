import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from './config.ts';
import { keptSessionSecret, SESSION_SECRET_FILE } from './session-secret.ts';

const dirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chapar-secret-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const configOn = (dataDir: string, extra: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...extra });

describe('the session secret kept in the data directory', () => {
  it('is made on the first start and the same on every later one', () => {
    const dataDir = newDataDir();
    const first = configOn(dataDir);
    const second = configOn(dataDir);
    expect(first.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(first.sessionSecretIsRandom).toBe(false);
    const file = path.join(dataDir, SESSION_SECRET_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.sessionSecret);
    // No temporary file is left beside it.
    expect(readdirSync(dataDir)).toEqual([SESSION_SECRET_FILE]);
  });

  it('is readable by its owner only (mode 0600), and is made so again if loosened', () => {
    const dataDir = newDataDir();
    configOn(dataDir);
    const file = path.join(dataDir, SESSION_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    chmodSync(file, 0o644);
    configOn(dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('differs between data directories, and a missing data directory is created', () => {
    const parent = newDataDir();
    const a = configOn(path.join(parent, 'a', 'nested'));
    const b = configOn(path.join(parent, 'b'));
    expect(a.sessionSecret).not.toBe(b.sessionSecret);
    expect(existsSync(path.join(parent, 'a', 'nested', SESSION_SECRET_FILE))).toBe(true);
  });

  it('gives way to SESSION_SECRET, which writes nothing', () => {
    const dataDir = newDataDir();
    const set = 'a-secret-set-by-the-operator-0123456789';
    const config = configOn(dataDir, { SESSION_SECRET: set });
    expect(config.sessionSecret).toBe(set);
    expect(config.sessionSecretIsRandom).toBe(false);
    expect(existsSync(path.join(dataDir, SESSION_SECRET_FILE))).toBe(false);
    // Set after a kept one was made: the variable still wins.
    const kept = configOn(dataDir).sessionSecret;
    expect(configOn(dataDir, { SESSION_SECRET: set }).sessionSecret).toBe(set);
    expect(configOn(dataDir).sessionSecret).toBe(kept);
  });

  it('is the same for processes that start at the same moment on a new data directory', async () => {
    const dataDir = newDataDir();
    const moduleUrl = new URL('./session-secret.ts', import.meta.url).href;
    const code = `import(${JSON.stringify(moduleUrl)}).then((m) => process.stdout.write(m.keptSessionSecret(${JSON.stringify(dataDir)})))`;
    const cwd = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const run = () => promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', code], { cwd });
    const secrets = (await Promise.all([run(), run(), run(), run()])).map((r) => r.stdout);
    expect(secrets[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(secrets).size).toBe(1);
    expect(readFileSync(path.join(dataDir, SESSION_SECRET_FILE), 'utf8').trim()).toBe(secrets[0]);
    expect(readdirSync(dataDir)).toEqual([SESSION_SECRET_FILE]);
  });

  it('reads a secret an operator put in the file', () => {
    const dataDir = newDataDir();
    writeFileSync(path.join(dataDir, SESSION_SECRET_FILE), '  moved-from-the-old-machine-0123456789abcdef \n', { mode: 0o600 });
    expect(keptSessionSecret(dataDir)).toBe('moved-from-the-old-machine-0123456789abcdef');
  });

  it('refuses to start on a damaged file rather than silently making a new secret', () => {
    const dataDir = newDataDir();
    writeFileSync(path.join(dataDir, SESSION_SECRET_FILE), 'short\n', { mode: 0o600 });
    expect(() => configOn(dataDir)).toThrow(/session-secret holds no usable secret/);
  });

  it('keeps nothing for an in-memory data directory, and testConfig() is fixed and writes nothing', () => {
    const written = () => [path.resolve('memory:'), path.resolve('data', SESSION_SECRET_FILE)].map((p) => existsSync(p));
    const before = written();
    const memory = loadConfig({ DATA_DIR: 'memory://' });
    expect(memory.sessionSecretIsRandom).toBe(true);
    expect(loadConfig({ DATA_DIR: 'memory://' }).sessionSecret).not.toBe(memory.sessionSecret);
    expect(testConfig().sessionSecret).toBe(testConfig().sessionSecret);
    expect(testConfig().sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(written()).toEqual(before);
  });
});
