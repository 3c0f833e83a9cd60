// Vitest's global setup for the unit and integration config: on a PostgreSQL run
// (TEST_DATABASE_URL), one migrated database is made there per run, and each file's database is
// copied from it (CREATE DATABASE … TEMPLATE, about 0.4 s) instead of migrated (1–2 s).
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../src/client.ts';
import { onServer } from './on-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** On a PostgreSQL run, the migrated database each file's database is copied from. */
    postgresTemplate?: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  const name = `chapar_template_${randomBytes(6).toString('hex')}`;
  await onServer(url, `create database ${name}`);
  const at = new URL(url);
  at.pathname = `/${name}`;
  const database = await openDatabase({ url: at.toString(), poolSize: 1 });
  await migrateDatabase(database);
  // No connection may stay open on a template while a copy is made.
  await database.close();
  project.provide('postgresTemplate', name);
  return () => onServer(url, `drop database if exists ${name} with (force)`);
}
