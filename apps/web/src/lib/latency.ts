import { apiRequest } from './api-client.ts';

/** Round trip to the status endpoint in ms (the probe parameter defeats HTTP caches). */
export async function measureLatency(): Promise<number> {
  const started = performance.now();
  await apiRequest('GET', `/api/status?probe=${Date.now()}`);
  return Math.round(performance.now() - started);
}
