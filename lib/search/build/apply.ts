/**
 * PostgreSQL's half of the build: it derives nothing (bar the typo dictionary, filed from the
 * dictionary by search_deletions), it applies what DuckDB derived (derive.ts). A full build
 * COPYs every table into empty tables, their indexes and keys dropped during the COPY and built
 * after (lib/bulk-fill.ts); a delta takes the changes in: rows and postings out and in, every
 * count moved by its change.
 */
import type { PoolClient } from '../../postgres.ts';
import { fillEmptyTables } from '../../bulk-fill.ts';
import { searchSql } from '../sql.ts';
import { copyDerived, type DerivedFiles } from './derive.ts';
import { addCargoLabels } from './labels.ts';
import { PREBUILT_TABLES, type PrebuiltTable } from './tables.ts';

export interface RefreshResult {
  mode: 'full' | 'incremental';
  /** Carriers whose search rows were replaced, added or removed (old and new rows counted apart). */
  carriers: number;
  ms: number;
  /** Milliseconds per step, for the stage record. */
  steps: Record<string, number>;
}

/** Runs one step and records its time. */
export async function timed<T>(steps: Record<string, number>, name: string, fn: () => Promise<T>): Promise<T> {
  const t = Date.now();
  const out = await fn();
  steps[name] = (steps[name] ?? 0) + Date.now() - t;
  return out;
}

/**
 * The tables a full build fills with plain COPYs: their indexes and keys are dropped and built
 * after. The count tables keep theirs (small; a refresh upserts into them).
 */
const BULK_TABLES = [
  'carrier_search',
  'search_postings',
  'search_word_counts',
  'search_terms',
  'search_term_deletes',
];

/**
 * Every search table from a full derivation: what the unqualified names resolve to (the served
 * tables, or the copies of shadow.ts through the search path). Run it in a transaction: the
 * tables are truncated first, so readers wait for the commit.
 */
export async function fillSearchTables(client: PoolClient, files: DerivedFiles, steps: Record<string, number> = {}): Promise<number> {
  // Building the indexes of millions of postings: more memory than the default 64MB pays off.
  await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
  await client.query(`SET LOCAL work_mem = '64MB'`);
  await client.query(searchSql('apply/truncate'));
  let filled = 0;
  const carriers = await fillEmptyTables(client, BULK_TABLES, async () => {
    await timed(steps, 'labels', () => addCargoLabels(client, files.labels));
    let rows = 0;
    for (const [table, columns] of Object.entries(PREBUILT_TABLES) as [PrebuiltTable, string][]) {
      const n = await timed(steps, table, () => copyDerived(client, files, table, `${table} (${columns})`));
      if (table === 'carrier_search') rows = n;
    }
    await timed(steps, 'term_deletes', () => client.query(searchSql('apply/term-deletes-full')));
    // Index builds may use parallel workers (the tables forbid parallel plans for the API).
    await client.query(searchSql('apply/parallel-build'));
    filled = Date.now();
    return rows;
  });
  steps.indexes = Date.now() - filled;
  await client.query(searchSql('apply/parallel-serve'));
  return carriers;
}

/** A delta's changes into the served tables (a refresh's: refresh.ts); returns the rows replaced, added or removed. */
export async function applySearchChanges(client: PoolClient, files: DerivedFiles, steps: Record<string, number>): Promise<number> {
  await timed(steps, 'labels', () => addCargoLabels(client, files.labels));
  await client.query(searchSql('apply/delta-tables'));
  let carriers = 0;
  await timed(steps, 'copy', async () => {
    for (const [table, columns] of Object.entries(PREBUILT_TABLES) as [PrebuiltTable, string][]) {
      const signed = table === 'carrier_search' || table === 'search_postings';
      const n = await copyDerived(client, files, table, `delta_${table} (${signed ? 'sign, ' : ''}${columns})`);
      if (table === 'carrier_search') carriers = n;
    }
  });
  // Old rows are deleted through index lookups; the planner, costing random reads as if from
  // disk, would otherwise scan search_postings (millions of rows) to delete a few thousand.
  await client.query('SET LOCAL enable_hashjoin = off');
  await client.query('SET LOCAL enable_mergejoin = off');
  // A row's GIN entries (its words, keys and officers' trigrams: ~50) go to each index's pending
  // list, which at the 4MB default was merged into the index several times a night, each merge
  // touching the posting trees of the common keys again; kept whole, the search-index stage's
  // VACUUM merges it once (carrier_search's inserts at 4.5M: 8.1 -> 5.1-5.4 s, the VACUUM unchanged).
  // Until then a search by those columns also reads the list (tens of MB at most).
  await client.query(`SET LOCAL gin_pending_list_limit = '256MB'`);
  await timed(steps, 'rows', () => client.query(searchSql('apply/delta-rows')));
  await client.query('SET LOCAL enable_hashjoin TO DEFAULT');
  await client.query('SET LOCAL enable_mergejoin TO DEFAULT');
  await client.query('SET LOCAL gin_pending_list_limit TO DEFAULT');
  await timed(steps, 'counts', () => client.query(searchSql('apply/delta-counts')));
  await timed(steps, 'terms', () => client.query(searchSql('apply/delta-terms')));
  return carriers;
}
