/**
 * The PostgreSQL search index (sql/migrations/005.do.sql): carrier_search, search_postings and
 * the count tables, derived from `carriers`. Refreshed inside each run's load transaction (so a
 * search sees the same run as every other endpoint) and by the pipeline's search-index stage,
 * which also catches up when a load ran without the search step. Both paths run the same delta SQL
 * (sql/search/): rows of the carriers in `search_delta` are derived again, and every count table
 * moves by (new rows) - (old rows). A full rebuild is the same delta from empty tables, with the
 * indexes and keys of the tables it fills dropped during the bulk insert (lib/empty-tables.ts);
 * beside a full load its tables come whole from the pipeline's DuckDB instead (PrebuiltTables).
 */
import { sql, type PoolClient } from '../../db.ts';
import { fillEmptyTables } from '../../empty-tables.ts';

export const PG_BACKEND = 'postgres';

export interface SearchIndexState {
  backend: string;
  etl_run_id: number | null;
  full_build: boolean;
  indexed_at: Date;
}

export interface RefreshResult {
  mode: 'full' | 'incremental';
  /** Carriers whose search rows were replaced, added or removed. */
  carriers: number;
  ms: number;
  /** Milliseconds per step, for the stage record. */
  steps: Record<string, number>;
}

/** What a refresh needs: a client inside the caller's transaction. */
type Client = Pick<PoolClient, 'query'>;

/**
 * The tables a full rebuild can take whole from outside PostgreSQL, each with the columns (in
 * order) it takes; search_term_deletes is then derived from search_terms. carrier_search comes
 * first, in (name, id) order, and search_postings in walk order (term, active, name, id).
 */
export const PREBUILT_TABLES = {
  carrier_search:
    'id, active, state, entity, power_units, auth_since, cargo_bits, name, name_norm, dba_norm, terms, officers, keys, phone, email, mc',
  search_postings: 'term, active, name, id, lcp, state, entity, cargo_bits, power_units, auth_since',
  search_counts: 'active, state, entity, cargo, n',
  search_counts_fleet: 'active, state, entity, power_units, n',
  search_counts_auth: 'active, state, entity, month, n',
  search_name_buckets: 'active, state, level, bucket, n, cargo',
  search_word_counts: 'word, exact, active, state, entity, n',
  search_terms: 'term, n',
  search_word_buckets: 'term, active, level, bucket, lcp, n',
} as const;

export type PrebuiltTable = keyof typeof PREBUILT_TABLES;

/**
 * A full rebuild's tables made outside PostgreSQL (the pipeline's DuckDB, sql/duckdb/search_rows.sql
 * and search_tables.sql: lib/search/pg-shadow.ts), COPYed in instead of derived from carriers
 * through the view search_source.
 */
export interface PrebuiltTables {
  /** Every cargo label with the bit the rows' cargo_bits use; the new ones are added. */
  labels: { label: string; bit: number }[];
  /** COPYs `table`'s rows into `target` (the table with its PREBUILT_TABLES columns); resolves to the rows copied. */
  copy(table: PrebuiltTable, target: string): Promise<number>;
}

export async function searchIndexState(db: Client, backend = PG_BACKEND): Promise<SearchIndexState | null> {
  const { rows } = await db.query<SearchIndexState>(sql('search/state_get'), [backend]);
  return rows[0] ?? null;
}

/** Runs one step and records its time. */
async function step(steps: Record<string, number>, name: string, fn: () => Promise<unknown>): Promise<void> {
  const t = Date.now();
  await fn();
  steps[name] = (steps[name] ?? 0) + Date.now() - t;
}

async function applyDelta(client: Client, full: boolean, steps: Record<string, number>): Promise<number> {
  await client.query('ANALYZE search_delta');
  await step(steps, 'labels', () => client.query(sql('search/labels'), [full]));
  await step(steps, 'old_rows', () => client.query(sql('search/old_rows')));
  await step(steps, 'new_rows', () => client.query(sql('search/new_rows'), [full]));
  await step(steps, 'skip_unchanged', () => client.query(sql('search/skip_unchanged')));
  const { rows } = await client.query<{ n: number }>(
    'SELECT (SELECT count(*) FROM search_old) + (SELECT count(*) FROM search_new) AS n',
  );
  await step(steps, 'counts', () => client.query(sql('search/counts')));
  await step(steps, 'name_buckets', () => client.query(sql(full ? 'search/name_buckets_full' : 'search/name_buckets')));
  // A refresh counts its words from the rows it replaces; a full rebuild from its postings, below.
  if (!full) await wordCounts(client, false, steps);
  await step(steps, 'posting_rows', () => client.query(sql('search/posting_rows')));
  // Old rows are deleted through index lookups; the planner, costing random reads as if from
  // disk, would otherwise scan search_postings (millions of rows) to delete a few thousand.
  await client.query('SET LOCAL enable_hashjoin = off');
  await client.query('SET LOCAL enable_mergejoin = off');
  await step(steps, 'delete_rows', () => client.query(sql('search/delete_rows')));
  await client.query('SET LOCAL enable_hashjoin TO DEFAULT');
  await client.query('SET LOCAL enable_mergejoin TO DEFAULT');
  await step(steps, 'insert_rows', () => client.query(sql('search/insert_rows')));
  // Each carrier's words are unnested once: a memo of unnest() by `terms` only churns (at 2.1M,
  // 1.5M misses of 2.1M lookups; the full rebuild's postings 48.2 -> 43.2 s without it and the join).
  await client.query('SET LOCAL enable_memoize = off');
  await step(steps, 'insert_postings', () => client.query(sql('search/insert_postings'), [full]));
  await client.query('SET LOCAL enable_memoize TO DEFAULT');
  if (full) await wordCounts(client, true, steps);
  await step(steps, 'word_buckets', () => client.query(sql(full ? 'search/word_buckets_full' : 'search/word_buckets')));
  await client.query(
    'DROP TABLE search_old, search_new, search_same, search_count_rows, search_count_labels, search_posting_ids, search_posting_rows, search_word_delta',
  );
  return rows[0].n;
}

/**
 * Adds the labels a prebuilt build's cargo bits use that are not in search_cargo_labels yet, and
 * checks that every label has the bit the rows used (labels are only ever added, by builds of
 * the one pipeline that runs at a time: a mismatch is a bug, not a race to retry).
 */
async function addLabels(client: Client, labels: PrebuiltTables['labels']): Promise<void> {
  const args = [labels.map((l) => l.label), labels.map((l) => l.bit)];
  await client.query(sql('search/labels_add'), args);
  const { rows } = await client.query<{ label: string }>(sql('search/labels_check'), args);
  if (rows.length) throw new Error(`search rebuild: the cargo labels ${rows.map((r) => r.label).join(', ')} have other bits than the rows used`);
}

/** search_word_counts and the dictionary, from the words the rows (or a full rebuild's postings) hold. */
async function wordCounts(client: Client, full: boolean, steps: Record<string, number>): Promise<void> {
  await step(steps, 'word_delta', () => client.query(sql(full ? 'search/word_delta_full' : 'search/word_delta')));
  await step(steps, 'word_counts', () => client.query(sql(full ? 'search/word_counts_full' : 'search/word_counts')));
  if (full) await step(steps, 'term_deletes', () => client.query(sql('search/term_deletes_full')));
}

/** A full rebuild's tables COPYed in whole, the typo dictionary derived; returns the carriers. */
async function fillPrebuilt(client: Client, steps: Record<string, number>, prebuilt: PrebuiltTables): Promise<number> {
  await step(steps, 'labels', () => addLabels(client, prebuilt.labels));
  let carriers = 0;
  for (const [table, columns] of Object.entries(PREBUILT_TABLES) as [PrebuiltTable, string][]) {
    await step(steps, table, async () => {
      const rows = await prebuilt.copy(table, `${table} (${columns})`);
      if (table === 'carrier_search') carriers = rows;
    });
  }
  await step(steps, 'term_deletes', () => client.query(sql('search/term_deletes_full')));
  return carriers;
}

/**
 * The tables a full rebuild fills with plain INSERTs: their indexes and keys are dropped and built
 * after (lib/empty-tables.ts). The count tables keep theirs: their inserts use ON CONFLICT.
 */
const BULK_TABLES = [
  'carrier_search',
  'search_postings',
  'search_word_counts',
  'search_terms',
  'search_term_deletes',
  'search_name_buckets',
  'search_word_buckets',
];

/**
 * Rebuilds every search table from `carriers` (first run, full loads, tests). Run it in a
 * transaction: the tables are truncated first, so readers wait for the commit.
 */
export async function rebuildSearchIndex(client: Client, runId: number | null, now = new Date()): Promise<RefreshResult> {
  const r = await rebuildSearchTables(client);
  await client.query(sql('search/state_set'), [PG_BACKEND, runId, true, now]);
  return r;
}

/**
 * The tables of rebuildSearchIndex without the index state: what the names in the search path
 * resolve to (lib/search/pg-shadow.ts builds a schema of its own this way).
 */
export async function rebuildSearchTables(client: Client, prebuilt?: PrebuiltTables): Promise<RefreshResult> {
  const started = Date.now();
  // Sorting 8M postings and building the indexes: more memory than the default 64MB pays off.
  await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
  await client.query(`SET LOCAL work_mem = '64MB'`);
  const steps: Record<string, number> = {};
  await client.query(sql('search/truncate'));
  let filled = 0;
  const carriers = await fillEmptyTables(client, BULK_TABLES, async () => {
    let n: number;
    if (prebuilt) {
      n = await fillPrebuilt(client, steps, prebuilt);
    } else {
      await client.query(sql('search/delta_table'));
      n = await applyDelta(client, true, steps);
      await client.query('DROP TABLE search_delta');
    }
    // Index builds may use parallel workers (the tables forbid parallel plans for the API).
    await client.query(sql('search/parallel_build'));
    filled = Date.now();
    return n;
  });
  steps.indexes = Date.now() - filled;
  await client.query(sql('search/parallel_serve'));
  return { mode: 'full', carriers, ms: Date.now() - started, steps };
}

/**
 * Refreshes the carriers of one delta: `from: 'load'` reads the load's temp table `load_delta`
 * (inside the load transaction); `from: {since}` takes carriers written after run `since` and
 * indexed carriers no longer in the registry.
 */
export async function refreshSearchIndex(
  client: Client,
  from: 'load' | { since: number },
  runId: number | null,
  now = new Date(),
): Promise<RefreshResult> {
  const started = Date.now();
  const steps: Record<string, number> = {};
  await client.query(sql('search/delta_table'));
  await step(steps, 'delta', () =>
    from === 'load' ? client.query(sql('search/delta_from_load')) : client.query(sql('search/delta_since'), [from.since]),
  );
  const carriers = await applyDelta(client, false, steps);
  await client.query('DROP TABLE search_delta');
  await client.query(sql('search/state_set'), [PG_BACKEND, runId, false, now]);
  return { mode: 'incremental', carriers, ms: Date.now() - started, steps };
}

/** The tables a refresh writes (VACUUM them after it commits: it cannot run in a transaction). */
export const SEARCH_TABLES = [
  'carrier_search',
  'search_postings',
  'search_counts',
  'search_counts_fleet',
  'search_counts_auth',
  'search_word_counts',
  'search_terms',
  'search_term_deletes',
  'search_name_buckets',
  'search_word_buckets',
];

