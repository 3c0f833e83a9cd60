import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { migrateDatabase, openDatabase, type Database } from '@chapar/db';
import { seedCategories, seedRedirects } from '@chapar/db/seed';
import type { Config } from './config.ts';
import { ensureInitialAdmin } from './modules/auth/service.ts';
import { seedDemoNewsroom } from './modules/ingest/demo/seed-demo.ts';

export async function openAppDatabase(config: Config): Promise<Database> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir.startsWith('memory://') ? undefined : path.join(config.dataDir, 'pglite'),
    pgliteSharedBuffers: config.pgliteSharedBuffers,
  });
  await migrateDatabase(database);
  return database;
}

/** First-start work: categories, the first admin, demo content on an empty site. Safe to repeat. */
export async function prepareSite(database: Database, config: Config, log: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<void> {
  await seedCategories(database);
  await seedRedirects(database);
  const admin = await ensureInitialAdmin(database.db, { username: config.adminUsername, password: config.adminPassword });
  if (admin.created && admin.generatedPassword) {
    log.warn(`Created the owner account "${admin.username}" with password: ${admin.generatedPassword} (shown once; change it with \`npm run admin -- set-password ${admin.username}\`)`);
  } else if (admin.created) {
    log.info(`Created the owner account "${admin.username}" from ADMIN_USERNAME/ADMIN_PASSWORD`);
  }
  if (config.demoContent && !config.dataDir.startsWith('memory://')) {
    // Bundled demo channel pages through the real ingest pipeline (offline rewriter, watermarks).
    const { articles, ms } = await seedDemoNewsroom(database, config, log);
    if (articles > 0) log.info(`Added ${articles} demo articles from the bundled demo channel in ${ms} ms (DEMO_CONTENT=false turns this off)`);
  }
}
