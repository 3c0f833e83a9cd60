import { useQuery } from '@tanstack/react-query';
import type { QueueStatus, SystemHealth, SystemHistory } from '@chapar/shared/contracts';
import { useAdminRequest } from '../../lib/api.ts';
import { HEALTH_KEY } from '../../lib/monitor-keys.ts';

export { HEALTH_KEY };
export const QUEUE_KEY = ['admin', 'system', 'queue'] as const;
export const HISTORY_KEY = ['admin', 'system', 'history'] as const;
/** Spec 03 §9: health every 30 s while auto-refresh is on; the queue every 10 s. */
export const HEALTH_POLL_MS = 30_000;
export const QUEUE_POLL_MS = 10_000;

export function useSystemHealth(auto: boolean) {
  const request = useAdminRequest();
  return useQuery({
    queryKey: HEALTH_KEY,
    queryFn: () => request<SystemHealth>('GET', '/api/admin/system/health'),
    refetchInterval: auto ? HEALTH_POLL_MS : false,
    staleTime: 0,
  });
}

export function useQueueStatus() {
  const request = useAdminRequest();
  return useQuery({
    queryKey: QUEUE_KEY,
    queryFn: () => request<QueueStatus>('GET', '/api/admin/system/queue-status'),
    refetchInterval: QUEUE_POLL_MS,
    staleTime: 0,
  });
}

/** The last hour, read again with the queue (every 10 s). */
export function useSystemHistory() {
  const request = useAdminRequest();
  return useQuery({
    queryKey: HISTORY_KEY,
    queryFn: () => request<SystemHistory>('GET', '/api/admin/system/history'),
    refetchInterval: QUEUE_POLL_MS,
    staleTime: 0,
  });
}

/** The manual refresh: every service is asked again, not answered from the kept results. */
export function useRefreshHealth() {
  const request = useAdminRequest();
  return () => request<SystemHealth>('GET', '/api/admin/system/health?refresh=true');
}
