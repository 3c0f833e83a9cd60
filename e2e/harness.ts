import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import type { Database } from '@chapar/db';
import { inject } from 'vitest';
import { pgliteTemplateArchive } from '@chapar/db/testing';
import { buildApp } from '../apps/server/src/app.ts';
import { openAppDatabase, prepareSite } from '../apps/server/src/bootstrap.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { baseSiteEnv } from './site-env.ts';
import type { MtprotoGatewayFactory } from '../apps/server/src/integrations/telegram/mtproto/index.ts';

export { E2E_ADMIN } from './site-env.ts';

export interface Site {
  baseUrl: string;
  app: FastifyInstance;
  database: Database;
  browser: Browser;
  newContext(opts?: { width?: number; height?: number; colorScheme?: 'light' | 'dark'; javaScriptEnabled?: boolean }): Promise<BrowserContext>;
  close(): Promise<void>;
}

export interface SiteOptions {
  /** More environment variables (e.g. AI_BASE_URL of a fake AI server started by the test). */
  env?: Record<string, string>;
  /** The Telegram sign-in's gateway (an in-memory fake in tests). */
  telegramGateway?: MtprotoGatewayFactory | null;
}

/** Settings that change what the demo newsroom's seed writes: a site given one seeds its own. */
const SEED_SETTINGS = /^(DEMO_CONTENT|MEDIA_BASE_URL|MEDIA_MAX_BYTES|PUBLIC_BASE_URL|SITE_NAME|WATERMARK_TEXT|S3_.*)$/;

/** The whole site as `npm start` runs it (demo content, SSR), on a random port, plus a browser. */
export async function startSite(options: SiteOptions = {}): Promise<Site> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chapar-e2e-'));
  const config = loadConfig({ ...baseSiteEnv(dataDir), ...options.env });
  // The run's demo site (site-template.ts), copied: its files here, its database from the archive.
  // prepareSite then finds the demo seeded and adds nothing.
  const template = Object.keys(options.env ?? {}).some((key) => SEED_SETTINGS.test(key)) ? undefined : inject('siteTemplate');
  if (template) cpSync(template.dir, dataDir, { recursive: true });
  const database = await openAppDatabase(config, { pgliteArchive: template ? new Blob([readFileSync(template.archive)]) : pgliteTemplateArchive() });
  await prepareSite(database, config, pino({ level: 'silent' }));
  const app = await buildApp({ config, database, ...(options.telegramGateway !== undefined ? { telegramGateway: options.telegramGateway } : {}) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  return {
    baseUrl, app, database, browser,
    newContext: (opts = {}) => browser.newContext({
      baseURL: baseUrl,
      viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
      colorScheme: opts.colorScheme ?? 'light',
      javaScriptEnabled: opts.javaScriptEnabled ?? true,
      locale: 'fa-IR',
    }),
    close: async () => {
      await browser.close();
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
