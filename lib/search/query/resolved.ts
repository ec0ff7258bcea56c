/**
 * A search resolved against the index (lib/search/query/resolve.ts makes it): its filters in the
 * form the statements bind them, its query words as the dictionary words each may match (typos
 * corrected). The planner (lib/search/query/plan.ts) decides from this alone.
 */
import type { SearchParams } from '../contract.ts';
import type { StateDistance } from './geo.ts';

/** What one query word matches: the dictionary words and how many carriers hold one of them. */
export interface WordGroup {
  /** The last word, matched as a prefix (terms: every dictionary word starting with it). */
  prefix: string | null;
  terms: string[];
  /** Carriers holding one of the terms, any status (exact for one term or a prefix; else a bound). */
  size: number;
  /** Of `size`, the ACTIVE carriers: known for a prefix (words.sql). */
  activeSize?: number;
  /** No name holds the word as typed: the terms are the dictionary words within its typo budget. */
  typo: boolean;
}

export interface Resolved {
  p: SearchParams;
  /** null: any status. */
  active: boolean | null;
  /** The states a carrier may be in (the state filter, the states within a geo radius), or null. */
  states: string[] | null;
  /** A geo search's states within its radius, nearest first. */
  geoStates: StateDistance[] | null;
  /** Entity type code (0: a type without one), or null. */
  entity: number | null;
  /** The cargo label's bit in carrier_search.cargo_bits, or null without a cargo filter. */
  cargoBit: number | null;
  /** One group per query word taking part, in query order. */
  groups: WordGroup[];
  /** The planner's estimate of the indexed carriers (any status), for guessing how words intersect. */
  carriers: number;
  /** The normalised query (the relevance order's key), or null without text. */
  query: string | null;
}
