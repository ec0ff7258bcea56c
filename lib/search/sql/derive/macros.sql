-- The build's text rules as DuckDB macros, created on the connection that derives
-- (lib/search/build/derive.ts). The normaliser's patterns and the entity types are filled in from
-- their one definition (lib/search/normalise.ts, lib/search/entity-codes.ts).
--
-- ASCII-only case changes, as the query side's asciiUpper/asciiLower and PostgreSQL's upper() and
-- lower() in the C locale (DuckDB's upper() would also change 'é', and 'ı' to 'I'). An ASCII
-- string (as many bytes as characters) takes upper()/lower(), far cheaper than translate().
CREATE OR REPLACE TEMP MACRO ascii_upper(s) AS
  CASE WHEN strlen(s) = length(s) THEN upper(s) ELSE translate(s, 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') END;
CREATE OR REPLACE TEMP MACRO ascii_lower(s) AS
  CASE WHEN strlen(s) = length(s) THEN lower(s) ELSE translate(s, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') END;
-- normalizeText: upper case, the dropped characters removed, every run of separators one space.
CREATE OR REPLACE TEMP MACRO search_norm(s) AS trim(regexp_replace(replace(ascii_upper(s), {{dropped}}, ''), {{separators}}, ' ', 'g'));
-- entityCode: the type's position in the list from 1, or 0.
CREATE OR REPLACE TEMP MACRO search_entity_code(t) AS coalesce(list_position({{entity_types}}, t), 0)::SMALLINT;
-- The length of the common prefix of two different words.
CREATE OR REPLACE TEMP MACRO search_lcp(a, b) AS coalesce(
  list_position(list_transform(range(1, least(length(a), length(b)) + 1), k -> substr(a, k, 1) = substr(b, k, 1)), false) - 1,
  least(length(a), length(b)));
-- A text[] literal for COPY into PostgreSQL: {"a","b \"c\""}.
CREATE OR REPLACE TEMP MACRO search_pg_array(l) AS
  '{' || coalesce(list_aggregate(list_transform(l, x -> '"' || replace(replace(x, '\', '\\'), '"', '\"') || '"'), 'string_agg', ','), '') || '}';
