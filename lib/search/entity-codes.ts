/**
 * Entity types as the small codes the index stores (carrier_search.entity, the count tables):
 * the one list. The build derives the codes from it (lib/search/sql/derive/macros.sql, filled in
 * by lib/search/build/derive.ts); the query side looks filters up in it. 0: any other type.
 */
const ENTITY_TYPES = [
  'CARRIER',
  'BROKER',
  'FREIGHT FORWARDER',
  'SHIPPER',
  'REGISTRANT',
  'INTERMODAL EQUIPMENT PROVIDER',
  'CARGO TANK',
] as const;

/** The code of an entity type: its position in ENTITY_TYPES from 1, or 0. */
export const entityCode = (type: string): number => (ENTITY_TYPES as readonly string[]).indexOf(type) + 1;

/** ENTITY_TYPES as a DuckDB list literal. */
export const ENTITY_TYPES_SQL = `[${ENTITY_TYPES.map((t) => `'${t}'`).join(', ')}]`;
