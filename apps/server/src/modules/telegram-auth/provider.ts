// How the ingest pipeline reaches the MTProto source: in the web app through
// app.telegramMtproto, in a process without it (a worker) through createMtprotoProvider.
// Both answer null unless the site's account is logged in; the caller then uses the public pages.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@chapar/db';
import type { Config } from '../../config.ts';
import { loadGramjsGatewayFactory, type MtprotoGatewayFactory, type MtprotoSource } from '../../integrations/telegram/mtproto/index.ts';
import { gramjsProxy } from '../../integrations/telegram/index.ts';
import { TelegramAuthService } from './service.ts';

export interface MtprotoProvider {
  getActiveSource(): Promise<MtprotoSource | null>;
}

/** GramJS with the configured app credentials; null (login unavailable) without them. */
export async function gramjsGatewayFactory(config: Config, log: Pick<FastifyBaseLogger, 'warn'>): Promise<MtprotoGatewayFactory | null> {
  const { telegramApiId: apiId, telegramApiHash: apiHash } = config;
  if (!apiId || !apiHash) return null;
  return loadGramjsGatewayFactory({
    apiId, apiHash, testDc: config.telegramTestDc, proxy: gramjsProxy(config.telegramProxy, config.telegramMtprotoProxy), log: { warn: (m) => log.warn(m) },
  });
}

export interface MtprotoProviderOptions {
  db: Db;
  config: Config;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Tests inject a fake; by default GramJS when TELEGRAM_API_ID/HASH are set. */
  createGateway?: MtprotoGatewayFactory | null;
}

export async function createMtprotoProvider(options: MtprotoProviderOptions): Promise<MtprotoProvider & { close(): Promise<void> }> {
  const service = new TelegramAuthService({
    db: options.db,
    secret: options.config.sessionSecret,
    createGateway: options.createGateway !== undefined ? options.createGateway : await gramjsGatewayFactory(options.config, options.log),
    log: options.log,
  });
  return { getActiveSource: () => service.getActiveSource(), close: () => service.close() };
}
