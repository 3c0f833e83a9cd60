import type { StatusResponse } from '@chapar/shared/contracts';
import type { Database } from '@chapar/db';

const startedAt = Date.now();

/** Database reachability with its round-trip time, the version and the uptime in seconds. */
export async function readStatus(database: Database, version: string): Promise<StatusResponse> {
  const t0 = performance.now();
  let reachable = true;
  try {
    await database.raw.query('select 1');
  } catch {
    reachable = false;
  }
  return {
    status: reachable ? 'ok' : 'degraded',
    database: { reachable, kind: database.kind, latencyMs: Math.round((performance.now() - t0) * 100) / 100 },
    version,
    uptime: Math.round((Date.now() - startedAt) / 1000),
    timestamp: new Date().toISOString(),
  };
}
