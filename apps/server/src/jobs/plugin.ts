// Wires ingestion into the web app: the shared services (decorated as `app.ingest`, so
// other modules, e.g. the MTProto login, can register a Telegram source), the channels
// from TELEGRAM_CHANNELS, the worker when this process runs one, and a clean stop.
import type { FastifyInstance } from 'fastify';
import type { Database } from '@chapar/db';
import type { Config } from '../config.ts';
import { syncConfiguredChannels } from '../modules/channels/sync-config.ts';
import { createServices, type Services } from '../services.ts';
import { startWorker } from './registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ingest: Services;
  }
}

export interface IngestServicesOptions {
  config: Config;
  database: Database;
  /**
   * Start the job worker this long after the server starts listening instead of when the app is
   * ready (`npm start`): the job queue's own start-up (its schema checked, its queues and the
   * monitor's schedule written: about 0.3 s of the embedded database's time, on the server's
   * thread) then does not hold up the first pages. Jobs sent meanwhile wait in the queue.
   */
  workerStartDelayMs?: number;
}

export async function registerIngestServices(app: FastifyInstance, { config, database, workerStartDelayMs }: IngestServicesOptions): Promise<Services> {
  const services = createServices({ config, database, log: app.log });
  services.contentChanged = (change) => app.contentChanged(change);
  app.decorate('ingest', services);
  // The logged-in Telegram account (modules/telegram-auth), whenever that module provides it.
  services.sources.register({
    kind: 'mtproto',
    available: async () => (app.hasDecorator('telegramMtproto') ? app.telegramMtproto.getActiveSource() : null),
  });
  await syncConfiguredChannels(database.db, config.channels);
  let workerStarting: Promise<void> | undefined;
  let workerTimer: NodeJS.Timeout | undefined;
  const start = () => (workerStarting = startWorker(services));
  if (config.worker) {
    if (workerStartDelayMs === undefined) {
      app.addHook('onReady', start);
    } else {
      const startLater = () => start().catch((error: unknown) => app.log.error({ err: error }, 'the job worker could not start: no ingestion or scheduled checks run in this process'));
      app.addHook('onListen', async () => {
        workerTimer = setTimeout(startLater, workerStartDelayMs);
      });
    }
  }
  // Before the database closes: running jobs finish (or are handed back) first.
  app.addHook('onClose', async () => {
    clearTimeout(workerTimer);
    await workerStarting?.catch(() => undefined);
    await services.jobs.stop({ timeoutMs: 5_000 });
  });
  return services;
}
