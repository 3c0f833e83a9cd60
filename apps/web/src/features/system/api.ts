import { useQuery } from '@tanstack/react-query';
import type { StatusResponse } from '@chapar/shared/contracts';
import { measureLatency } from '../../lib/latency.ts';
import { pathQuery } from '../../lib/query.ts';

export const STATUS_PATH = '/api/status';

/** Health check, polled every 10 s on home (spec 01 §2). */
export function useHealth() {
  return useQuery({ ...pathQuery<StatusResponse>(STATUS_PATH), refetchInterval: 10_000, staleTime: 0 });
}


/** Latency, measured every 30 s. */
export function useLatency() {
  return useQuery({
    queryKey: [STATUS_PATH, 'latency'],
    queryFn: measureLatency,
    refetchInterval: 30_000,
    staleTime: 0,
  });
}
