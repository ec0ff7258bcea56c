/** The search contract between the handler and a backend (PostgreSQL or Meilisearch). */
import type { components } from '../../generated/openapi.ts';

export type SearchRow = components['schemas']['SearchRow'];

export type SortKey =
  | 'name_asc'
  | 'name_desc'
  | 'dot_asc'
  | 'dot_desc'
  | 'fleet_asc'
  | 'fleet_desc'
  | 'distance_asc'
  | 'distance_desc';

/**
 * One search, normalised and checked (lib/search/query/params.ts). Text filters are null when not
 * given or blank; values are already in the form the index stores them.
 */
export interface SearchParams {
  /** Query words (search_norm of q); null without q. Empty when q held no letter or digit. */
  words: string[] | null;
  mcNumber: string | null;
  /** Upper case. */
  city: string | null;
  /** Census carrier operation (A, B, C). */
  carrierOperation: 'A' | 'B' | 'C' | null;
  /** Upper case 2-letter code. */
  state: string | null;
  status: 'ACTIVE' | 'INACTIVE' | 'ALL';
  /** Lower case cargo label. */
  cargo: string | null;
  entityType: string | null;
  /** Upper case. */
  officer: string | null;
  /** Digits (may be empty: then nothing matches). */
  phone: string | null;
  /** Lower case. */
  email: string | null;
  fleetMin: number | null;
  fleetMax: number | null;
  /** Common authority date on or before this day (YYYY-MM-DD), authority active. */
  authoritySince: string | null;
  geo: { lat: number; lon: number; radius: number } | null;
  /** Explicit order; null: distance for geo searches, relevance then name for text, else name. */
  sort: SortKey | null;
  page: number;
  perPage: number;
}

export interface SearchResult {
  rows: SearchRow[];
  /** Every matching carrier, exact. */
  total: number;
}

export interface SearchBackend {
  readonly name: 'postgres' | 'meilisearch';
  search(params: SearchParams): Promise<SearchResult>;
}
