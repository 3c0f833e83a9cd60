// Wires ingestion into the web app: the shared services (decorated as `app.ingest`, so
// other modules, e.g. the MTProto login, can register a Telegram source), the channels
// from TELEGRAM_CHANNELS, the worker when this process runs one, and a clean stop.
import type { FastifyInstance } from 'fastify';
import type { Database } from '@chapar/db';
import type { Config } from '../config.ts';
import { syncConfiguredChannels } from '../modules/channels/sync-config.ts';
import { createServices, type Services } from '../modules/ingest/services.ts';
import { startWorker } from './registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ingest: Services;
  }
}

export async function registerIngestServices(app: FastifyInstance, { config, database }: { config: Config; database: Database }): Promise<Services> {
  const services = createServices({ config, database, log: app.log });
  services.contentChanged = (change) => app.contentChanged(change);
  app.decorate('ingest', services);
  // The logged-in Telegram account (modules/telegram-auth), whenever that module provides it.
  services.sources.register({
    kind: 'mtproto',
    available: async () => (app.hasDecorator('telegramMtproto') ? app.telegramMtproto.getActiveSource() : null),
  });
  await syncConfiguredChannels(database.db, config.channels);
  if (config.worker) app.addHook('onReady', async () => startWorker(services));
  // Before the database closes: running jobs finish (or are handed back) first.
  app.addHook('onClose', async () => services.jobs.stop({ timeoutMs: 5_000 }));
  return services;
}
