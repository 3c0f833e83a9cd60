import { useQuery } from '@tanstack/react-query';
import type { ChannelInfo, CreateChannelBody, OperationResponse, UpdateChannelBody, ChannelValidation } from '@chapar/shared/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAdminAction, useAdminRequest } from '../../lib/api.ts';
import { HEALTH_KEY, MONITOR_KEY } from '../../lib/monitor-keys.ts';
import { persianServerText } from '../../lib/persian-text.ts';
import { waitForOperation } from '../../lib/wait-operation.ts';
import { handle } from '@chapar/shared/text';

export const CHANNELS_KEY = ['admin', 'channels'] as const;

export const CHANNEL_TEXTS = {
  loadFailed: 'خطا در بارگذاری کانال‌ها',
  failed: 'خطا در ارتباط با سرور',
  empty: 'هنوز کانالی در فهرست نیست؛ با «افزودن کانال» نخستین کانال را بیفزایید.',
} as const;

/** The role's badge: the demo newsroom's channel (role 'demo') is a sample, not a source. */
export function roleLabel(role: string): string {
  return role === 'primary' ? 'کانال اصلی' : role === 'secondary' ? 'کانال دوم' : role === 'demo' ? 'کانال نمونه' : role;
}

export function useChannels() {
  const request = useAdminRequest();
  return useQuery({
    queryKey: CHANNELS_KEY,
    queryFn: () => request<{ channels: ChannelInfo[] }>('GET', '/api/admin/channels'),
    staleTime: 0,
  });
}

// A channel change moves the monitor's active count and the health cards at once.
const FOLLOWERS = [CHANNELS_KEY, MONITOR_KEY, HEALTH_KEY];

export function useCreateChannel(onDone: () => void) {
  return useAdminAction<CreateChannelBody, ChannelInfo>({
    run: (request, body) => request('POST', '/api/admin/channels', body),
    success: (c) => `کانال ${handle(c.username)} افزوده شد`,
    failure: CHANNEL_TEXTS.failed,
    invalidate: FOLLOWERS,
    onSuccess: onDone,
  });
}

export function useUpdateChannel(onDone?: (c: ChannelInfo) => void) {
  return useAdminAction<{ id: number; body: UpdateChannelBody }, ChannelInfo>({
    run: (request, { id, body }) => request('PATCH', `/api/admin/channels/${id}`, body),
    success: (c, { body }) => (body.isActive === undefined || Object.keys(body).length > 1
      ? `کانال ${handle(c.username)} به‌روزرسانی شد`
      : body.isActive ? `کانال ${handle(c.username)} فعال شد` : `کانال ${handle(c.username)} غیرفعال شد`),
    failure: CHANNEL_TEXTS.failed,
    invalidate: FOLLOWERS,
    onSuccess: onDone,
  });
}

interface Validation { success: boolean; message: string; results: ChannelValidation[] }

export function useValidateChannels(onResult: (v: Validation) => void) {
  return useAdminAction<void, Validation>({
    run: (request) => request('POST', '/api/admin/validate-channels'),
    success: (v) => persianServerText(v.message),
    failure: CHANNEL_TEXTS.failed,
    onSuccess: onResult,
  });
}

export interface SyncOutcome { success: boolean; message: string; errors: string[] }

/** Sync all channels: an operation on the server; a 202 is followed until it ends. */
export function useSyncAll(onProgress: (progress: number) => void) {
  return useAdminAction<void, SyncOutcome>({
    run: async (request) => {
      onProgress(0);
      const answer = await request<OperationResponse>('POST', '/api/admin/sync-all-channels');
      if (answer.status === 'running' || answer.status === 'idle') {
        const op = await waitForOperation(request, answer.operationId, (o) => onProgress(o.progress));
        const message = typeof op.results?.message === 'string' ? op.results.message : op.status === 'success' ? 'همگام‌سازی کانال‌ها انجام شد' : 'همگام‌سازی کانال‌ها با خطا پایان یافت';
        return { success: op.status === 'success' && op.errors.length === 0, message, errors: op.errors };
      }
      return { success: answer.success, message: answer.message, errors: [] };
    },
    success: (r) => persianServerText(r.message),
    failure: 'خطا در همگام‌سازی کانال‌ها',
    invalidate: FOLLOWERS,
  });
}

/** Downloads GET /api/admin/export-channels as a JSON file. */
export async function exportChannels(): Promise<void> {
  const data = await apiRequest<{ exportedAt: string }>('GET', '/api/admin/export-channels');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `channels-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
