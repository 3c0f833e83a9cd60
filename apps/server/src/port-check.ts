// `serve` finds out that its port is taken before the slow part of a start (opening the database,
// the first admin, the demo content), not after it.
import { createServer } from 'node:net';

/** Why `host:port` cannot be listened on, in words that name PORT and HOST; undefined when it can. */
export async function portProblem(host: string, port: number): Promise<string | undefined> {
  if (port === 0) return undefined;
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host, port, exclusive: true }, resolve);
    });
    return undefined;
  } catch (error) {
    return listenProblem(host, port, error);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** A listen error as an operator reads it: which setting, and what to do. */
export function listenProblem(host: string, port: number, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return `PORT ${port} on ${host} is already in use (another Chapar process, or another program): stop it, or set PORT to a free port.`;
  if (code === 'EACCES') return `PORT ${port} on ${host} may not be listened on by this user (ports below 1024 need privileges): set PORT to 1024 or above, behind nginx.`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `HOST ${host} is not an address of this machine: set HOST to one (0.0.0.0 for all, 127.0.0.1 behind a proxy on it).`;
  return `Cannot listen on ${host}:${port} (HOST, PORT): ${(error as Error).message}`;
}
