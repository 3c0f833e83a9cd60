// Is the configured AI endpoint there, and does it take our key? One cheap GET /models,
// for the system-health page.
import { fetch } from 'undici';

export interface AiProbe {
  reachable: boolean;
  /** Answered, but refused the key (401/403). */
  unauthorized: boolean;
  status?: number;
  error?: string;
}

export async function probeAiEndpoint(options: { baseUrl: string; apiKey: string; timeoutMs?: number }): Promise<AiProbe> {
  try {
    const res = await fetch(`${options.baseUrl.replace(/\/+$/, '')}/models`, {
      headers: { authorization: `Bearer ${options.apiKey}` },
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    });
    await res.body?.cancel();
    if (res.status === 401 || res.status === 403) return { reachable: true, unauthorized: true, status: res.status, error: `the endpoint refused the key (${res.status})` };
    if (res.status >= 500) return { reachable: false, unauthorized: false, status: res.status, error: `the endpoint answered ${res.status}` };
    // 404 too: some compatible servers have no /models, but they answered.
    return { reachable: true, unauthorized: false, status: res.status };
  } catch (error) {
    return { reachable: false, unauthorized: false, error: (error as Error).message };
  }
}
