// The composition root: every shared service, built once per process (the web app's jobs plugin,
// the `worker` command without HTTP); modules take a Pick of the few they use, not this whole bag.
import type { Database, Db } from '@chapar/db';
import type { Config } from './config.ts';
import { createRewriter, createOfflineRewriter, type Rewriter } from './integrations/ai/index.ts';
import { createMailer, type Mailer } from './integrations/mail/index.ts';
import { createPushSender, type PushSender } from './integrations/push/index.ts';
import { createSpeech, type Speech } from './integrations/speech/index.ts';
import { createStorages, type Storage } from './integrations/storage/index.ts';
import { createWebPreviewSource, TELEGRAM_MEDIA_HOSTS, type MediaFetchPolicy } from './integrations/telegram/index.ts';
import { JobQueue } from './jobs/queue.ts';
import { vapidKeys } from './modules/push/vapid-keys.ts';
import type { MediaDeps } from './modules/media/store-media.ts';
import type { Log } from './modules/operations/operation-reporter.ts';
import { SourceProvider } from './modules/ingest/source-provider.ts';

export interface Services {
  config: Config;
  database: Database;
  db: Db;
  log: Log;
  storage: Storage;
  originals: Storage;
  media: MediaDeps;
  /** AI when configured, else the offline rewriter. */
  rewriter: Rewriter;
  offlineRewriter: Rewriter;
  /** Podcasts: espeak-ng, or the configured speech endpoint. */
  speech: Speech;
  sources: SourceProvider;
  /** SMTP when SMTP_URL and MAIL_FROM are set; null: no mail is sent. */
  mailer: Mailer | null;
  /** Web Push with the site's VAPID keys (breaking news). */
  push: PushSender;
  jobs: JobQueue;
  /** Where and how much media may be downloaded from. */
  mediaPolicy: MediaFetchPolicy;
  /**
   * Called after writes readers see; the web process drops its caches (only the named
   * articles' own pages when `articleIds` is given; the rest is refreshed while still served).
   */
  contentChanged(change?: { articleIds: number[] }): void;
}

export function createServices(opts: { config: Config; database: Database; log: Log }): Services {
  const { config, database, log } = opts;
  const { media: storage, originals } = createStorages({ dataDir: config.dataDir, mediaBaseUrl: config.mediaBaseUrl, s3: config.s3, limits: config.storage });
  const webBase = new URL(config.telegramWebBaseUrl);
  const telegraph = new URL(config.telegraphBaseUrl);
  // A non-Telegram base URL is a local fixture server: exactly its origin (scheme, host and
  // port) may be private; so may a configured Telegraph stand-in's.
  const trustedOrigins = [
    ...(webBase.hostname === 't.me' ? [] : [webBase.origin]),
    ...(['telegra.ph', 'graph.org'].includes(telegraph.hostname) ? [] : [telegraph.origin]),
  ];
  const services: Services = {
    config,
    database,
    db: database.db,
    log,
    storage,
    originals,
    media: { db: database.db, storage, originals, watermarkText: config.watermarkText, log },
    rewriter: createRewriter({ aiBaseUrl: config.ai.baseUrl, aiApiKey: config.ai.apiKey, aiModel: config.ai.model, timeoutMs: config.ai.timeoutMs }),
    offlineRewriter: createOfflineRewriter(),
    speech: createSpeech(config.speech),
    sources: new SourceProvider({ kind: 'web-preview', source: createWebPreviewSource({ baseUrl: config.telegramWebBaseUrl, proxy: config.telegramProxy }) }),
    mailer: createMailer(config.mail),
    push: createPushSender({ ...vapidKeys(config), subject: config.push.subject, timeoutMs: config.push.timeoutMs, maxPerMinute: config.push.maxPerMinute, extraOrigins: config.push.extraOrigins }),
    jobs: new JobQueue({
      database,
      connectionString: config.databaseUrl,
      connectTimeoutMs: config.databaseTimeouts.connectTimeoutMs,
      statementTimeoutMs: config.databaseTimeouts.statementTimeoutMs,
      worker: config.worker,
      expireInSeconds: config.jobExpireSeconds,
      retryDelaySeconds: config.jobRetryDelaySeconds,
      heartbeatSeconds: config.jobHeartbeatSeconds,
      superviseSeconds: config.jobSuperviseSeconds,
      onError: (error) => log.error(`job queue: ${error.message}`),
    }),
    mediaPolicy: {
      allowedHosts: [...TELEGRAM_MEDIA_HOSTS, webBase.hostname, telegraph.hostname],
      trustedOrigins,
      maxBytes: config.mediaMaxBytes,
      timeoutMs: 60_000,
      proxy: config.telegramProxy,
    },
    contentChanged: () => undefined,
  };
  return services;
}
