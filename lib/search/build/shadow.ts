/**
 * PostgreSQL's half of a full rebuild beside the load (beside-load.ts). Filling the tables is
 * mostly index builds, long work for one backend; inside the load's transaction it ran after the
 * carriers, policies and histories, with the second core idle. Here it runs on a
 * connection of its own into a schema of its own (`search_next`: empty copies of the search
 * tables with their indexes), with the same code as a rebuild in place (fillSearchTables): the
 * unqualified names resolve to the copies through the search path. Its tables are the files
 * DuckDB derived from the run's snapshot (carriers is not written yet). That transaction commits
 * on its own; the load's transaction then swaps the tables in (DROP, SET SCHEMA), so readers still
 * see one run or the other, and a failed load leaves the served tables as they were.
 *
 * The one write outside the copies: cargo labels not seen before (search_cargo_labels), which
 * are only ever added and keep their bits.
 */
import { withTransaction, type Pool, type PoolClient } from '../../postgres.ts';
import { createIndexSql, tableIndexes } from '../../bulk-fill.ts';
import { searchSql } from '../sql.ts';
import { fillSearchTables, type RefreshResult } from './apply.ts';
import type { DerivedFiles } from './derive.ts';
import { PG_BACKEND, SEARCH_TABLES, setSearchIndexState } from './tables.ts';

export const SHADOW_SCHEMA = 'search_next';

type Client = Pick<PoolClient, 'query'>;

/** The schema the served tables live in (the migrations'). */
async function homeSchema(db: Client): Promise<string> {
  return (await db.query<{ home: string }>('SELECT current_schema() AS home')).rows[0].home;
}

/**
 * Creates the schema (dropping a leftover of a failed load) and commits it, so the build holds no
 * lock on the served tables that the load's TRUNCATE of carriers would wait for.
 */
export function createSearchShadow(pool: Pool): Promise<void> {
  return withTransaction(pool, async (client) => {
    const home = await homeSchema(client);
    await client.query(`DROP SCHEMA IF EXISTS ${SHADOW_SCHEMA} CASCADE`);
    await client.query(`CREATE SCHEMA ${SHADOW_SCHEMA}`);
    for (const table of SEARCH_TABLES) {
      const copy = `${SHADOW_SCHEMA}.${table}`;
      const { rows: [t] } = await client.query<{ reloptions: string[] }>(searchSql('apply/shadow-table-setup'), [`${home}.${table}`]);
      await client.query(`CREATE TABLE ${copy} (LIKE ${home}.${table} INCLUDING ALL EXCLUDING INDEXES)`);
      // No autovacuum of the copies: once built (minutes before the load ends, since its rows come
      // from DuckDB) it vacuumed and analyzed them beside the load, taking a core from it, for
      // work the search-index stage's VACUUM (ANALYZE) after the swap does anyway.
      await client.query(`ALTER TABLE ${copy} SET (${[...t.reloptions, 'autovacuum_enabled = false'].join(', ')})`);
      for (const ix of await tableIndexes(client, `${home}.${table}`)) {
        await client.query(createIndexSql(copy, { ...ix, index_def: ix.index_def.replace(` ON ${home}.${table} `, ` ON ${copy} `) }));
      }
    }
  });
}

export interface ShadowBuild {
  /** Settles when the build committed (or failed). */
  done: Promise<RefreshResult>;
  /** Stops the build (if still running) and drops the schema. */
  abandon(): Promise<void>;
}

/** Starts the build on a connection of its own, from the files of a full derivation. Returns at once. */
export function buildSearchShadow(pool: Pool, files: DerivedFiles): ShadowBuild {
  let pid: number | null = null;
  let abandoned = false;
  const done = (async () => {
    const client = await pool.connect();
    // abandon() terminates the backend: the statement running fails, the event is a duplicate.
    const ignore = () => {};
    client.on('error', ignore);
    let failed = false;
    try {
      pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      if (abandoned) throw new Error('search rebuild abandoned');
      await client.query('BEGIN');
      const home = await homeSchema(client);
      await client.query(`SET LOCAL search_path = ${SHADOW_SCHEMA}, ${home}`);
      const started = Date.now();
      const steps: Record<string, number> = {};
      const carriers = await fillSearchTables(client, files, steps);
      // New tables have no statistics: without them, searches between the swap and the index
      // stage's VACUUM ANALYZE would be planned blind.
      const analyzed = Date.now();
      await client.query(`ANALYZE ${SEARCH_TABLES.map((t) => `${SHADOW_SCHEMA}.${t}`).join(', ')}`);
      steps.analyze = Date.now() - analyzed;
      await client.query('COMMIT');
      return { mode: 'full', carriers, ms: Date.now() - started, steps } satisfies RefreshResult;
    } catch (err) {
      failed = true;
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      pid = null;
      client.off('error', ignore);
      client.release(failed); // a terminated connection is not reused
    }
  })();
  done.catch(() => {}); // awaited by the load or by abandon(); never an unhandled rejection
  return {
    done,
    async abandon() {
      abandoned = true;
      // Terminated, not cancelled: a cancel between two statements would let the next one run.
      if (pid !== null) await pool.query('SELECT pg_terminate_backend($1)', [pid]).catch(() => {});
      await done.catch(() => {});
      await pool.query(`DROP SCHEMA IF EXISTS ${SHADOW_SCHEMA} CASCADE`).catch(() => {});
    },
  };
}

/** In the load's transaction, after `done`: the built tables replace the served ones, as of `runId`. */
export async function swapSearchShadow(client: Client, runId: number | null): Promise<void> {
  const home = await homeSchema(client);
  const options = new Map<string, string[]>();
  for (const t of SEARCH_TABLES) {
    options.set(t, (await client.query<{ reloptions: string[] }>(searchSql('apply/shadow-table-setup'), [`${home}.${t}`])).rows[0].reloptions);
  }
  await client.query(`DROP TABLE ${SEARCH_TABLES.map((t) => `${home}.${t}`).join(', ')}`);
  for (const t of SEARCH_TABLES) {
    await client.query(`ALTER TABLE ${SHADOW_SCHEMA}.${t} SET SCHEMA ${home}`);
    // The served table's storage options again (createSearchShadow turned autovacuum off).
    await client.query(`ALTER TABLE ${home}.${t} RESET (autovacuum_enabled)`);
    const opts = options.get(t)!;
    if (opts.length) await client.query(`ALTER TABLE ${home}.${t} SET (${opts.join(', ')})`);
  }
  await client.query(`DROP SCHEMA ${SHADOW_SCHEMA} CASCADE`);
  await setSearchIndexState(client, PG_BACKEND, runId, true);
}
