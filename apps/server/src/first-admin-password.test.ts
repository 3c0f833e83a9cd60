// A first start with no ADMIN_PASSWORD: the generated password in a framed console block and in
// DATA_DIR/first-admin-password (0600), gone after the first successful sign-in.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, migrateDatabase, type Database } from '@chapar/db';
import { buildApp } from './app.ts';
import { prepareSite } from './bootstrap.ts';
import { testConfig } from './config.ts';
import { FIRST_ADMIN_PASSWORD_FILE, firstAdminBanner } from './first-admin-password.ts';

let dataDir = '';
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the first owner password', () => {
  it('is framed on the console, kept 0600 in DATA_DIR until the first sign-in, then removed', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'chapar-first-'));
    database = await openDatabase();
    await migrateDatabase(database);
    const config = testConfig({ dataDir, adminUsername: undefined, adminPassword: undefined });
    const printed: string[] = [];
    const logged: string[] = [];
    await prepareSite(database, config, { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(m) } as never, (text) => printed.push(text));

    const file = path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = /password: (\S+)/.exec(readFileSync(file, 'utf8'))![1];
    expect(password.length).toBeGreaterThanOrEqual(12);
    // One framed block holding the password; the log line says where it is but not what it is.
    expect(printed).toHaveLength(1);
    const frame = printed[0].trim().split('\n');
    expect(frame[0]).toMatch(/^\+-+\+$/);
    expect(frame.at(-1)).toBe(frame[0]);
    expect(frame.slice(1, -1).every((l) => l.startsWith('| ') && l.endsWith(' |') && l.length === frame[0].length)).toBe(true);
    expect(printed[0]).toContain(`password: ${password}`);
    expect(printed[0]).toContain(file);
    expect(logged.join('\n')).not.toContain(password);

    // A second start keeps it (no one has signed in yet) and shows nothing.
    await prepareSite(database, config, { info: () => undefined, warn: () => undefined } as never, (text) => printed.push(text));
    expect(printed).toHaveLength(1);
    expect(existsSync(file)).toBe(true);

    const app = await buildApp({ config, database, ssr: false });
    try {
      const wrong = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'admin', password: 'not-the-password' } });
      expect(wrong.statusCode).toBe(401);
      expect(existsSync(file)).toBe(true);
      const right = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'admin', password } });
      expect(right.statusCode).toBe(200);
      expect(existsSync(file)).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('without a data directory says the block is the only copy', () => {
    const text = firstAdminBanner('admin', 'secret-pass', undefined);
    expect(text).toContain('This is the only place it is shown.');
  });
});
