import type { OperationRecord } from '@chapar/shared/contracts';
import type { AdminRequest } from './api.ts';

/** How often a running operation is read again. */
export const OPERATION_POLL_MS = 1_000;

/**
 * Waits for an operation the server is still running (a 202 answer) to end, reading
 * GET /api/admin/operations/{id}; `onProgress` sees each reading.
 */
export async function waitForOperation(request: AdminRequest, id: number, onProgress?: (op: OperationRecord) => void, signal?: AbortSignal): Promise<OperationRecord> {
  for (;;) {
    const op = await request<OperationRecord>('GET', `/api/admin/operations/${id}`);
    onProgress?.(op);
    if (op.status === 'success' || op.status === 'error') return op;
    if (signal?.aborted) return op;
    await new Promise((resolve) => setTimeout(resolve, OPERATION_POLL_MS));
  }
}
