-- Search filters by the census carrier operation (GET /v1/carriers/search?carrier_operation=):
-- an exact-match key 'o:' || operation in carrier_search.keys, beside 'c:' city and 'a:' month
-- (migration 023). The full rebuild derives them in DuckDB (sql/duckdb/search_rows.sql); rows
-- indexed before this hold none until their carrier is loaded again.
CREATE OR REPLACE VIEW search_source AS
SELECT
  c.dot_number,
  c.dot_number::integer AS id,
  c.carrier_status = 'ACTIVE' AS active,
  c.phy_state AS state,
  search_entity_code(c.entity_type) AS entity,
  c.power_units,
  CASE WHEN c.authority_status = 'ACTIVE' THEN c.common_authority_date END AS auth_since,
  b.cargo_bits,
  c.legal_name COLLATE "C" AS name,
  n.name_norm,
  n.dba_norm,
  ARRAY(SELECT DISTINCT w FROM unnest(string_to_array(btrim(n.name_norm || ' ' || n.dba_norm), ' ')) AS w ORDER BY 1) AS terms,
  upper(c.officer_1 COLLATE "C") || E'\n' || upper(c.officer_2 COLLATE "C") AS officers,
  -- Exact-match keys, tagged: 'c:' city (upper case), 'a:' month of auth_since (YYYY-MM),
  -- 'o:' carrier operation.
  array_remove(ARRAY[
    'c:' || upper(c.phy_city COLLATE "C"),
    CASE WHEN c.authority_status = 'ACTIVE' THEN 'a:' || to_char(c.common_authority_date, 'YYYY-MM') END,
    CASE WHEN c.carrier_operation <> '' THEN 'o:' || c.carrier_operation END
  ], NULL) AS keys,
  nullif(c.phone, '') AS phone,
  nullif(lower(c.email COLLATE "C"), '') AS email,
  c.mc_number AS mc
FROM carriers c
CROSS JOIN LATERAL (
  SELECT search_norm(c.legal_name) COLLATE "C" AS name_norm,
         CASE WHEN c.dba_name = '' THEN '' ELSE search_norm(c.dba_name) END COLLATE "C" AS dba_norm
  OFFSET 0
) n
CROSS JOIN LATERAL (SELECT lower(c.cargo_carried::text COLLATE "C")::text[] AS cargo OFFSET 0) k
LEFT JOIN LATERAL (
  SELECT coalesce(bit_or(1::bigint << l.bit), 0) AS cargo_bits FROM search_cargo_labels l WHERE l.label = ANY (k.cargo)
) b ON true;
