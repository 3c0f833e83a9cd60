// An app for ingestion tests: the real app with its worker, a local channel server as
// Telegram, media in a temporary data directory, and an admin's request headers.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { Config } from '../src/config.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from './test-app.ts';
import { CHANNEL, startChannelServer, type ChannelServer } from './channel-server.ts';

export interface IngestTestApp extends TestApp {
  server: ChannelServer;
  dataDir: string;
  headers: { cookie: string; 'x-csrf-token': string };
  post(url: string, payload?: object): Promise<LightMyRequestResponse>;
  /** A bulk job as an editor runs it: its preview, then the confirmation (the confirmation's answer). */
  confirmed(url: string): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
}

export async function buildIngestTestApp(overrides: Partial<Config> = {}): Promise<IngestTestApp> {
  const server = await startChannelServer();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chapar-ingest-'));
  const t = await buildTestApp({
    config: {
      worker: true, dataDir, telegramWebBaseUrl: server.baseUrl, telegraphBaseUrl: server.baseUrl, jobRetryDelaySeconds: 1,
      channels: [{ role: 'primary', username: CHANNEL }],
      ...overrides,
    },
  });
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  const headers = { cookie, 'x-csrf-token': csrfToken };
  const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  return {
    ...t,
    server,
    dataDir,
    headers,
    post,
    confirmed: async (url) => {
      const preview = await post(url);
      const answer = preview.json() as { status?: string; operationId?: number };
      return answer.status === 'awaiting' ? post(`/api/admin/operations/${answer.operationId}/confirm`, { acknowledgeBreaker: true }) : preview;
    },
    get: (url) => t.app.inject({ method: 'GET', url, headers }),
    close: async () => {
      await t.close();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
