-- The relevance head as ordered walks (sql/api/search-page-head.sql): names starting with the
-- query are read in the order of that name, then legal name and DOT, so a walk stops after a
-- page instead of reading every such name (a three-letter prefix: ~40k at 2.1M carriers).
DROP INDEX carrier_search_name_norm_idx;
CREATE INDEX carrier_search_name_norm_idx ON carrier_search (name_norm, name, id)
  INCLUDE (dba_norm, active, state, entity, cargo_bits, power_units, auth_since);
DROP INDEX carrier_search_dba_norm_idx;
CREATE INDEX carrier_search_dba_norm_idx ON carrier_search (dba_norm, name, id)
  INCLUDE (name_norm, active, state, entity, cargo_bits, power_units, auth_since) WHERE dba_norm <> '';
