import pg from 'pg';

/** Runs `sql` (a database's creation or drop) on the server `url` names, on a connection of its own. */
export async function onServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
