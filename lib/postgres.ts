/**
 * PostgreSQL access: one Pool module, type parsers set in one place, statements from sql/ files
 * (lib/sql-files.ts) or put together at run time, transactions.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { logger } from './logger.ts';
import { sql } from './sql-files.ts';

// BIGINT counts and NUMERIC rates come back as JS numbers (all ours fit in 2^53);
// DATE stays a 'YYYY-MM-DD' string so no time zone can shift it.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** What both a Pool and a checked-out client offer: queries. */
export type Queryable = Pick<pg.PoolClient, 'query'>;

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection (the server restarted, an administrator ended the
  // backend) must not crash the process: the pool drops that client and connects anew when asked.
  // It is logged, so that a server going away between requests shows.
  pool.on('error', (err) => logger.warn({ err }, 'PostgreSQL: an idle pooled connection was lost'));
  return pool;
}

/**
 * `sql/<name>.sql` as a named (prepared) statement: each connection parses and plans it once and
 * reuses the plan: a short key lookup spends much of its time being parsed and planned. For
 * single statements whose plan suits every value, or run where plan_cache_mode =
 * force_custom_plan (the search's transaction: planned per call, parsed once).
 */
export function statement(name: string, values: unknown[] = []): pg.QueryConfig {
  return { name, text: sql(name), values };
}

const textNames = new Map<string, string>();

/**
 * A statement text put together at run time (the search's, from lib/search/sql/query) as a named statement,
 * named by a hash of the text, as `statement` does for a file. Run where plan_cache_mode =
 * force_custom_plan, it is parsed once a connection and planned per call: the search's texts are
 * long and costly to parse.
 */
export function prepared(text: string, values: unknown[] = []): pg.QueryConfig {
  let name = textNames.get(text);
  if (name === undefined) {
    name = `t${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    textNames.set(text, name);
  }
  return { name, text, values };
}

/** Runs `fn` in one transaction; rolls back on any error. */
export async function withTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
  /** The statement(s) opening the transaction, e.g. a read-only snapshot (lib/search/sql/query/begin.sql). */
  begin = 'BEGIN',
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
