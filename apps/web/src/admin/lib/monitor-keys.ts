// Query keys of the screens that follow the channels: a channel added or switched off
// changes the auto-monitor's active count and the health page's channel cards at once.
import { queryOptions } from '@tanstack/react-query';
import type { MonitorStatus } from '@chapar/shared/contracts';
import type { AdminRequest } from './api.ts';

export const MONITOR_KEY = ['admin', 'auto-monitor'] as const;
export const HEALTH_KEY = ['admin', 'system', 'health'] as const;

/** The monitor's status, one query for every screen that reads it (its page and the sample's channel count). */
export const monitorStatusQuery = (request: AdminRequest) =>
  queryOptions({ queryKey: MONITOR_KEY, queryFn: () => request<MonitorStatus>('GET', '/api/admin/auto-monitor/status'), staleTime: 0 });
