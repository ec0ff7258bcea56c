/**
 * Opens the service database: DATABASE_URL when set, otherwise an embedded PostgreSQL under
 * DATA_DIR. Creates the database when missing and applies migrations.
 */
import path from 'node:path';
import pg from 'pg';
import type { Config } from './config.ts';
import { createPool, type Pool } from './postgres.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded-postgres.ts';
import { migrate } from './migrate.ts';

const EMBEDDED_DB = 'carrier_data';

export interface Database {
  url: string;
  pool: Pool;
  /** Closes the pool and stops the embedded server if this process started it. */
  close: () => Promise<void>;
}

export async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/**
 * `ownSession`: an embedded server is started outside this process's group (a terminal's Ctrl-C
 * then reaches only this process), for processes that stop it themselves on SIGINT
 * (lib/embedded-postgres.ts).
 */
export async function openDatabase(config: Config, poolSize = 10, opts: { ownSession?: boolean } = {}): Promise<Database> {
  let server: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  if (!url) {
    server = await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg'), port: config.embeddedPgPort, ownSession: opts.ownSession });
    await ensureDatabase(server.url(), EMBEDDED_DB);
    url = server.url(EMBEDDED_DB);
  }
  try {
    await migrate(url);
  } catch (err) {
    await server?.stop(); // do not leave a database running behind a failed start
    throw err;
  }
  const pool = createPool(url, poolSize);
  return {
    url,
    pool,
    close: async () => {
      await pool.end();
      await server?.stop();
    },
  };
}
