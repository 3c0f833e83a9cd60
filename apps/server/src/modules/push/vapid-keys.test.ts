// The VAPID key pair is made once and kept in the data directory like the session secret, unless
// the environment sets it.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { VAPID_KEYS_FILE, vapidKeys } from './vapid-keys.ts';

const dirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chapar-vapid-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const configOn = (dataDir: string, extra: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...extra });

describe('the VAPID keys', () => {
  it('are made on the first start, kept (0600) and the same on every later one', () => {
    const dataDir = newDataDir();
    const first = vapidKeys(configOn(dataDir));
    const second = vapidKeys(configOn(dataDir));
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(second).toEqual(first);
    const file = path.join(dataDir, VAPID_KEYS_FILE);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set, with VAPID_SUBJECT', () => {
    const dataDir = newDataDir();
    const made = vapidKeys(configOn(newDataDir()));
    const config = configOn(dataDir, { VAPID_PUBLIC_KEY: made.publicKey, VAPID_PRIVATE_KEY: made.privateKey, VAPID_SUBJECT: 'mailto:news@chapar.example' });
    expect(vapidKeys(config)).toMatchObject({ publicKey: made.publicKey, privateKey: made.privateKey, kept: 'env' });
    expect(config.push.subject).toBe('mailto:news@chapar.example');
    expect(() => statSync(path.join(dataDir, VAPID_KEYS_FILE))).toThrow();
  });

  it('refuse a malformed key in the environment or a damaged kept file', () => {
    expect(() => configOn(newDataDir(), { VAPID_PUBLIC_KEY: 'not-a-key', VAPID_PRIVATE_KEY: 'x' })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => configOn(newDataDir(), { VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/);
    const dataDir = newDataDir();
    writeFileSync(path.join(dataDir, VAPID_KEYS_FILE), '{"publicKey":"x"}');
    expect(() => vapidKeys(configOn(dataDir))).toThrow(/no usable VAPID key pair/);
  });
});
