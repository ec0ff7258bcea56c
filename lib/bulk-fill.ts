/**
 * A bulk write into an empty table (a full load, a search rebuild): the table's indexes, its
 * primary key's too, are dropped first and built again after, which is several times faster than
 * maintaining them row by row. So are its foreign keys: each row written checks one with a lookup
 * of its own, adding it back checks every row in one join. The table is TRUNCATEd first, which
 * changes no data
 * but gives it a new file: with wal_level = minimal (the embedded server, lib/embedded-postgres.ts)
 * rows written to a file created in the same transaction skip the WAL and are synced once at
 * commit. Everything is in the caller's transaction, so a failure restores the indexes with the
 * data; the lock TRUNCATE takes is held to the commit, like the load's own TRUNCATE of carriers.
 */
import type { Queryable } from './postgres.ts';
import { sql } from './sql-files.ts';

/**
 * An index of a table (sql/pipeline/table_indexes.sql); a key's index with its constraint; or a
 * foreign key (sql/pipeline/table_foreign_keys.sql: its constraint, no index).
 */
export interface IndexDef {
  index_name: string;
  index_def: string;
  constraint_name: string | null;
  constraint_def: string | null;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Runs `fill` with the indexes and foreign keys of `tables` dropped, those of the tables that are
 * empty; the others are written through their indexes and checked row by row. `tables` are
 * trusted identifiers (constants of the caller).
 */
export async function fillEmptyTables<T>(db: Queryable, tables: readonly string[], fill: () => Promise<T>): Promise<T> {
  const dropped: Array<{ table: string; ix: IndexDef }> = [];
  for (const table of tables) {
    const { rows } = await db.query<{ empty: boolean }>(`SELECT NOT EXISTS (SELECT 1 FROM ${table}) AS empty`);
    if (!rows[0].empty) continue;
    await db.query(`TRUNCATE ${table}`);
    for (const ix of [...(await tableIndexes(db, table)), ...(await tableForeignKeys(db, table))]) {
      await db.query(
        ix.constraint_name
          ? `ALTER TABLE ${table} DROP CONSTRAINT ${quoteIdent(ix.constraint_name)}`
          : `DROP INDEX ${quoteIdent(ix.index_name)}`,
      );
      dropped.push({ table, ix });
    }
  }
  const result = await fill();
  for (const { table, ix } of dropped) await createIndex(db, table, ix);
  return result;
}

/**
 * A GIN build gathers entries in a tree until maintenance_work_mem is full, then writes them: a
 * small tree stays in the CPU's caches, so a build of many mostly unique entries (the search
 * keys) takes less CPU with little memory, and on one core as little time as it takes on two
 * with more; the other GIN indexes build as fast either way (docs/performance.md).
 */
const GIN_BUILD_MEMORY = '16MB';

async function createIndex(db: Queryable, table: string, ix: IndexDef): Promise<void> {
  if (ix.constraint_name || !/ USING gin /i.test(ix.index_def)) {
    await db.query(createIndexSql(table, ix));
    return;
  }
  const { rows: [{ mem }] } = await db.query<{ mem: string }>(`SELECT current_setting('maintenance_work_mem') AS mem`);
  await db.query(`SET LOCAL maintenance_work_mem = '${GIN_BUILD_MEMORY}'`);
  await db.query(createIndexSql(table, ix));
  await db.query(`SELECT set_config('maintenance_work_mem', $1, true)`, [mem]);
}

/** The indexes of `table` with their definitions. */
export async function tableIndexes(db: Queryable, table: string): Promise<IndexDef[]> {
  return (await db.query<IndexDef>(sql('pipeline/table_indexes'), [table])).rows;
}

/** The foreign keys of `table`, as IndexDefs of constraints (dropped and added back like keys). */
async function tableForeignKeys(db: Queryable, table: string): Promise<IndexDef[]> {
  return (await db.query<IndexDef>(sql('pipeline/table_foreign_keys'), [table])).rows;
}

/** The statement that creates `ix` on `table`: ADD CONSTRAINT for a key, else its definition. */
export const createIndexSql = (table: string, ix: IndexDef): string =>
  ix.constraint_name ? `ALTER TABLE ${table} ADD CONSTRAINT ${quoteIdent(ix.constraint_name)} ${ix.constraint_def}` : ix.index_def;

/** fillEmptyTables for one table. */
export const fillEmptyTable = <T>(db: Queryable, table: string, fill: () => Promise<T>): Promise<T> =>
  fillEmptyTables(db, [table], fill);
