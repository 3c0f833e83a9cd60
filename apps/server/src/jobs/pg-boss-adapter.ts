// pg-boss talks to the app's own database connection through its `db` option. Calls with
// parameters are single statements (query); calls without may be multi-statement setup
// or locked BEGIN … COMMIT blocks (exec). PGlite has one connection: a block that fails
// half-way would leave it inside an aborted transaction and poison every later query,
// so it is rolled back before the error goes up (as pg-boss's own PGlite adapter does).
import type { Database } from '@chapar/db';

export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export function bossDbAdapter(database: Database): BossDb {
  return {
    async executeSql(text, values) {
      try {
        return values?.length ? await database.raw.query(text, values) : await database.raw.exec(text);
      } catch (error) {
        if (database.kind === 'pglite' && !values?.length) await database.raw.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}
