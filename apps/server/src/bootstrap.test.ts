import { once } from 'node:events';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { openAppDatabase } from './bootstrap.ts';
import { loadConfig } from './config.ts';

/** A local port nothing listens on (this project's tests keep to 3171-3179). */
const CLOSED_PORT = 3179;

describe('a PostgreSQL server that does not answer', () => {
  it('is named by the setting and its address, never its password', async () => {
    const port = CLOSED_PORT;
    const config = loadConfig({ DATA_DIR: 'memory://', DATABASE_URL: `postgres://chapar:hunter2-secret@127.0.0.1:${port}/chapar` });
    const error = await openAppDatabase(config).then(() => undefined, (e: unknown) => e as Error);
    expect(error?.message).toBe(`Cannot reach the database at DATABASE_URL (127.0.0.1:${port}/chapar): connect ECONNREFUSED 127.0.0.1:${port}`);
    expect(String(error?.stack)).not.toContain('hunter2');
  });

  it('names a host that does not resolve', async () => {
    const config = loadConfig({ DATA_DIR: 'memory://', DATABASE_URL: 'postgres://chapar:hunter2-secret@no-such-host.invalid:5432/chapar' });
    const error = await openAppDatabase(config).then(() => undefined, (e: unknown) => e as Error);
    expect(error?.message).toMatch(/^Cannot reach the database at DATABASE_URL \(no-such-host\.invalid:5432\/chapar\): getaddrinfo (ENOTFOUND|EAI_AGAIN) no-such-host\.invalid$/);
  });

  it('that accepts the connection and never answers stops the start within DATABASE_CONNECT_TIMEOUT_MS, named', async () => {
    const silent = net.createServer((socket) => socket.resume());
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as net.AddressInfo;
    try {
      const config = loadConfig({ DATA_DIR: 'memory://', DATABASE_URL: `postgres://chapar:hunter2-secret@127.0.0.1:${port}/chapar`, DATABASE_CONNECT_TIMEOUT_MS: '200' });
      const started = Date.now();
      const error = await openAppDatabase(config).then(() => undefined, (e: unknown) => e as Error);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(error?.message).toBe(`Cannot reach the database at DATABASE_URL (127.0.0.1:${port}/chapar): Connection terminated due to connection timeout`);
    } finally {
      silent.close();
    }
  });
});
