-- The carrier_search rows of the carriers of {{input}} (the snapshot's columns: a run's snapshot,
-- or carriers read from PostgreSQL), as search_rows: the one derivation of the index's rows.
-- {{labels}}: a relation (label, bit) of every cargo label (lower case).
CREATE OR REPLACE TEMP TABLE search_rows AS
-- Each distinct cargo list's bits once (carriers share few distinct lists), joined: a lookup per
-- label of every row would repeat the same work for each carrier.
WITH cargo AS (
  SELECT cargo, coalesce(bit_or(1::BIGINT << l.bit), 0)::BIGINT AS cargo_bits
  FROM (SELECT cargo, unnest(cargo) AS x FROM (SELECT DISTINCT cargo_carried AS cargo FROM {{input}}))
  LEFT JOIN {{labels}} l ON l.label = ascii_lower(x)
  GROUP BY cargo
)
SELECT
  dot_number::INTEGER AS id,
  carrier_status = 'ACTIVE' AS active,
  phy_state AS state,
  search_entity_code(entity_type) AS entity,
  power_units::INTEGER AS power_units,
  CASE WHEN authority_status = 'ACTIVE' THEN common_authority_date END AS auth_since,
  coalesce(cargo.cargo_bits, 0) AS cargo_bits,
  legal_name AS name,
  name_norm,
  dba_norm,
  -- The distinct words of both names, sorted: a word's lcp (tables.sql) is against the one before.
  list_sort(list_distinct(list_filter(string_split(trim(name_norm || ' ' || dba_norm), ' '), w -> w <> ''))) AS terms,
  ascii_upper(officer_1) || chr(10) || ascii_upper(officer_2) AS officers,
  -- Exact-match keys, tagged: 'c:' city (upper case), 'a:' month of auth_since (YYYY-MM),
  -- 'o:' carrier operation.
  list_filter([
    'c:' || ascii_upper(phy_city),
    CASE WHEN authority_status = 'ACTIVE' THEN 'a:' || strftime(common_authority_date, '%Y-%m') END,
    CASE WHEN carrier_operation <> '' THEN 'o:' || carrier_operation END
  ], k -> k IS NOT NULL) AS keys,
  nullif(phone, '') AS phone,
  nullif(ascii_lower(email), '') AS email,
  mc_number AS mc
FROM (
  SELECT *, search_norm(legal_name) AS name_norm, CASE WHEN dba_name = '' THEN '' ELSE search_norm(dba_name) END AS dba_norm
  FROM {{input}}
) s
LEFT JOIN cargo ON cargo.cargo = s.cargo_carried
