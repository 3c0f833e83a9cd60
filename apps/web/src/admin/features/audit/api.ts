import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@chapar/shared/contracts';
import { useAdminRequest } from '../../lib/api.ts';

export interface AuditFilters {
  actor: string;
  action: string;
  /** Hours back from now; 0: all. */
  withinHours: number;
  page: number;
}

export const AUDIT_PAGE_SIZE = 20;

export function auditSearch(filters: AuditFilters, now = Date.now()): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(AUDIT_PAGE_SIZE) });
  if (filters.actor) params.set('actor', filters.actor);
  if (filters.action) params.set('action', filters.action);
  if (filters.withinHours > 0) params.set('from', new Date(now - filters.withinHours * 3_600_000).toISOString());
  return params.toString();
}

export function useAuditTrail(filters: AuditFilters) {
  const request = useAdminRequest();
  return useQuery({
    queryKey: ['admin', 'audit', filters],
    queryFn: () => request<AuditPage>('GET', `/api/admin/audit?${auditSearch(filters)}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
