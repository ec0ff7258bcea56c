/**
 * Carrier search: all that server/, pipeline/ and bench/ import for it (docs/search.md).
 *
 * Query side (lib/search/query/): a validated query becomes SearchParams (params.ts); a backend
 * answers it: PostgreSQL (postgres.ts: resolve, a pure planner, count, page) or Meilisearch
 * (meilisearch.ts), chosen by createSearchBackend.
 *
 * Build side (lib/search/build/): the search tables are derived in one place, DuckDB's
 * (derive.ts: from a run's snapshot, or from carriers read out of PostgreSQL), and PostgreSQL
 * applies them (apply.ts): a full rebuild beside a run's load (beside-load.ts, shadow.ts), a
 * rebuild in place or a refresh of one delta (refresh.ts). The Meilisearch index is kept by meili.ts.
 */
export type { SearchParams } from './contract.ts';
export { entityCode } from './entity-codes.ts';
export { normalizeText, wordsOf } from './normalise.ts';
export { createSearchBackend } from './query/backend.ts';
export { CENTROIDS } from './query/geo.ts';
export { InvalidSearch, searchParams } from './query/params.ts';
export { PostgresSearch } from './query/postgres.ts';
export { deletions, oneEditAway, typoDistance } from './query/text.ts';
export type { RefreshResult } from './build/apply.ts';
export { SearchRebuild } from './build/beside-load.ts';
export { MEILI_BACKEND, rebuildMeili, refreshMeili, type MeiliRefresh } from './build/meili.ts';
export { rebuildSearchIndex, refreshSearchIndex } from './build/refresh.ts';
export { SHADOW_SCHEMA, swapSearchShadow } from './build/shadow.ts';
export { PREBUILT_TABLES, SEARCH_TABLES, searchIndexState, setSearchIndexState } from './build/tables.ts';
