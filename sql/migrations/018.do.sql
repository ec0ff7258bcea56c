-- search_source's cargo bits from a lateral join instead of a subquery in the select list. The
-- subquery ran once per carrier (scanning the labels for each: ~5 µs, 11.6 s of a full rebuild's
-- 13.4 s for them at 2.1M carriers); as a lateral join the planner memoizes it by the carrier's
-- cargo list, of which 2.1M carriers have ~4,700 distinct ones (2.4 s in all). Same columns.
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
  array_remove(ARRAY[
    'c:' || upper(c.phy_city COLLATE "C"),
    CASE WHEN c.phone <> '' THEN 'p:' || c.phone END,
    CASE WHEN c.email <> '' THEN 'e:' || lower(c.email COLLATE "C") END,
    'm:' || c.mc_number,
    CASE WHEN c.authority_status = 'ACTIVE' THEN 'a:' || to_char(c.common_authority_date, 'YYYY-MM') END
  ], NULL) AS keys
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
