import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { migrateDatabase, openDatabase, type Database, type OpenDatabaseOptions } from '../src/client.ts';
import { onServer } from './on-server.ts';

/** The run's migrated PGlite archive (global-setup.ts), where this run made one. */
export function pgliteTemplateArchive(): Blob | undefined {
  const file = inject('pgliteTemplate');
  return file ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new schema
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close), with `limits`.
 */
export async function openTestDatabase(limits: Pick<OpenDatabaseOptions, 'connectTimeoutMs' | 'statementTimeoutMs'> = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ pgliteArchive: pgliteTemplateArchive() });
    // Applies only what the archive lacks (nothing, unless a migration was added during the run).
    await migrateDatabase(database);
    return database;
  }
  const dbName = `chapar_test_${randomBytes(6).toString('hex')}`;
  // A copy of the run's migrated database (postgres-template.ts), where this run made one.
  const template = inject('postgresTemplate');
  await onServer(url, `create database ${dbName}${template ? ` template ${template}` : ''}`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${dbName}`;
  const database = await openDatabase({ url: testUrl.toString(), poolSize: 4, ...limits });
  // Applies only what the template lacks (everything, where there is none).
  await migrateDatabase(database);
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      await onServer(url, `drop database if exists ${dbName} with (force)`);
    },
  };
}
