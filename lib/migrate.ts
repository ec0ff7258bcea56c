/** Applies the numbered SQL migrations in sql/migrations with postgrator. */
import path from 'node:path';
import pg from 'pg';
import Postgrator from 'postgrator';
import { ROOT } from './config.ts';

export async function migrate(connectionString: string): Promise<{ from: number; to: number }> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const postgrator = new Postgrator({
      migrationPattern: path.join(ROOT, 'sql', 'migrations', '*'),
      driver: 'pg',
      schemaTable: 'schemaversion',
      execQuery: (query) => client.query(query),
    });
    const from = Number(await postgrator.getDatabaseVersion());
    const applied = await postgrator.migrate();
    const to = applied.length ? Number(applied[applied.length - 1].version) : from;
    return { from, to };
  } finally {
    await client.end();
  }
}
