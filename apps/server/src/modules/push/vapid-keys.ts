// The site's VAPID key pair (RFC 8292), which push services know the site by: from
// VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when both are set, else made once and kept in DATA_DIR
// beside the session secret, the same way (0600, the first process to create it wins), so
// every process and every restart signs with the key the readers' browsers subscribed with.
import { readFileSync, statSync, chmodSync } from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import type { Config } from '../../config.ts';
import { createOnce } from '../../session-secret.ts';

export const VAPID_KEYS_FILE = 'vapid-keys.json';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Where they came from: the environment, the data directory, or this process alone. */
  kept: 'env' | 'file' | 'process';
}

const KEY = { publicKey: /^[A-Za-z0-9_-]{87}$/, privateKey: /^[A-Za-z0-9_-]{43}$/ };

function readKept(file: string): VapidKeys | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let keys: { publicKey?: unknown; privateKey?: unknown } = {};
  try {
    keys = JSON.parse(text) as typeof keys;
  } catch {
    // Reported below.
  }
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string' || !KEY.publicKey.test(keys.publicKey) || !KEY.privateKey.test(keys.privateKey)) {
    throw new Error(`${file} holds no usable VAPID key pair: remove it to have a new one made (every reader subscribes again), or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`);
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, kept: 'file' };
}

/** The key pair kept in the data directory, made on the first call. */
export function keptVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  const existing = readKept(file);
  if (existing) return existing;
  const made = webPush.generateVAPIDKeys();
  const text = `${JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey })}\n`;
  return createOnce(file, text) ? { ...made, kept: 'file' } : readKept(file)!;
}

let processKeys: VapidKeys | undefined;

/** The keys this process signs with (see the top of this file); a memory:// data dir keeps them per process. */
export function vapidKeys(config: Pick<Config, 'push' | 'dataDir'>): VapidKeys {
  if (config.push.publicKey && config.push.privateKey) return { publicKey: config.push.publicKey, privateKey: config.push.privateKey, kept: 'env' };
  if (config.dataDir.startsWith('memory://')) {
    processKeys ??= { ...webPush.generateVAPIDKeys(), kept: 'process' };
    return processKeys;
  }
  return keptVapidKeys(config.dataDir);
}
