/**
 * Carrier search: all that server/, pipeline/, jobs/ and bench/ import for it (docs/search.md).
 *
 * Query side (lib/search/query/): a validated query becomes SearchParams (params.ts), a backend
 * answers it: PostgreSQL (postgres.ts) or Meilisearch (meilisearch.ts), chosen by
 * createSearchBackend. Build side (lib/search/build/): the search tables derived from the
 * registry and applied to PostgreSQL, the Meilisearch index kept with them.
 */
export type { SearchBackend, SearchParams, SearchResult, SearchRow, SortKey } from './contract.ts';
export { ENTITY_TYPES, entityCode } from './entity-codes.ts';
export { normalizeText, wordsOf } from './normalise.ts';
export { createSearchBackend } from './query/backend.ts';
export { CENTROIDS } from './query/geo.ts';
export { MeiliSearch } from './query/meilisearch.ts';
export { InvalidSearch, searchParams } from './query/params.ts';
export { PostgresSearch, type PlanThresholds } from './query/postgres.ts';
export { deletions, oneEditAway, typoDistance } from './query/text.ts';
export { MEILI_BACKEND, rebuildMeili, refreshMeili, type MeiliRefresh } from './build/meili.ts';
export {
  PREBUILT_TABLES,
  SEARCH_TABLES,
  rebuildSearchIndex,
  refreshSearchIndex,
  searchIndexState,
  type PrebuiltTable,
  type RefreshResult,
} from './build/pg-index.ts';
export { SHADOW_SCHEMA, buildSearchShadow, createSearchShadow, swapSearchShadow, type ShadowBuild } from './build/pg-shadow.ts';
