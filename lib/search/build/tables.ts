/**
 * The PostgreSQL search tables (sql/migrations/005.do.sql and after), and the record of the run
 * each search index reflects (search_index_state).
 */
import type { PoolClient } from '../../postgres.ts';
import { searchSql } from '../sql.ts';

/** Every table the build writes (VACUUM them after it commits: it cannot run in a transaction). */
export const SEARCH_TABLES = [
  'carrier_search',
  'search_postings',
  'search_counts',
  'search_counts_fleet',
  'search_counts_auth',
  'search_word_counts',
  'search_terms',
  'search_term_deletes',
];

/**
 * The tables DuckDB derives (lib/search/sql/derive/), each with the columns (in order) PostgreSQL
 * takes them with: every search table but the typo dictionary, which PostgreSQL files from
 * search_terms (search_deletions). carrier_search comes first, in (name, id) order, and
 * search_postings in walk order (term, active, name, id).
 */
export const PREBUILT_TABLES = {
  carrier_search:
    'id, active, state, entity, power_units, auth_since, cargo_bits, name, name_norm, dba_norm, terms, officers, keys, phone, email, mc',
  search_postings: 'term, active, name, id, lcp, state, entity, cargo_bits, power_units, auth_since',
  search_counts: 'active, state, entity, cargo, n',
  search_counts_fleet: 'active, state, entity, power_units, n',
  search_counts_auth: 'active, state, entity, month, n',
  search_word_counts: 'word, exact, active, state, entity, n',
  search_terms: 'term, n',
} as const;

export type PrebuiltTable = keyof typeof PREBUILT_TABLES;

export const PG_BACKEND = 'postgres';

export interface SearchIndexState {
  backend: string;
  etl_run_id: number | null;
  full_build: boolean;
  indexed_at: Date;
}

type Client = Pick<PoolClient, 'query'>;

export async function searchIndexState(db: Client, backend = PG_BACKEND): Promise<SearchIndexState | null> {
  const { rows } = await db.query<SearchIndexState>(searchSql('apply/state-get'), [backend]);
  return rows[0] ?? null;
}

/** Records the run an index now reflects. */
export async function setSearchIndexState(db: Client, backend: string, runId: number | null, fullBuild: boolean): Promise<void> {
  await db.query(searchSql('apply/state-set'), [backend, runId, fullBuild, new Date()]);
}
