import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CSRF_HEADER, type MediaStatus, type WatermarkPreview } from '@chapar/shared/contracts';
import { useToast } from '../../../components/ui/toast.tsx';
import { csrfToken, errorText, TOAST_TITLES, useAdminRequest } from '../../lib/api.ts';

export const WATERMARK_TEXTS = {
  needId: 'لطفاً شماره مقاله را وارد کنید',
  previewFailed: 'آزمون بارگذاری انجام نشد',
} as const;

/** POST /api/admin/watermark-preview: the chosen image and its marked copy. */
export function useWatermarkPreview() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation<WatermarkPreview, unknown, File>({
    mutationFn: async (file) => {
      const form = new FormData();
      form.append('file', file);
      const token = await csrfToken(queryClient);
      const res = await fetch('/api/admin/watermark-preview', { method: 'POST', body: form, credentials: 'same-origin', headers: token ? { [CSRF_HEADER]: token } : {} });
      const body = await res.json().catch(() => null) as (WatermarkPreview & { message?: string }) | null;
      if (!res.ok) throw Object.assign(new Error(body?.message ?? `${res.status}: ${res.statusText}`), { serverMessage: body?.message });
      return body!;
    },
    onError: (error) => toast({
      title: TOAST_TITLES.error,
      description: (error as { serverMessage?: string }).serverMessage ?? errorText(error, WATERMARK_TEXTS.previewFailed),
      variant: 'destructive',
    }),
  });
}

/** GET /api/admin/media-status, read again every 30 s and after each watermark job. */
export function useMediaStatus() {
  const request = useAdminRequest();
  return useQuery({ queryKey: ['admin', 'media-status'], queryFn: () => request<MediaStatus>('GET', '/api/admin/media-status'), refetchInterval: 30_000 });
}
