-- The run's carrier_search rows, as the view search_source (migrations 005, 018, 023) derives
-- them from carriers in PostgreSQL, for a full search rebuild (lib/search/pg-shadow.ts): DuckDB
-- tokenises and sorts them on both cores where one PostgreSQL backend took ~85 s at 2.1M
-- carriers. A change to search_source must be made here too; test/search-shadow.test.ts fails
-- when the two differ.
-- Vars: schema; labels, a relation (label, bit) of every cargo label (lower case).
CREATE OR REPLACE TEMP TABLE search_rows AS
-- Each distinct cargo list's bits once (~5k lists at 2.1M carriers), joined: a lookup per label
-- of every row took 5× as long.
WITH cargo AS (
  SELECT cargo, coalesce(bit_or(1::BIGINT << l.bit), 0)::BIGINT AS cargo_bits
  FROM (SELECT cargo, unnest(cargo) AS x FROM (SELECT DISTINCT cargo_carried AS cargo FROM {{schema}}.snapshot))
  LEFT JOIN {{labels}} l ON l.label = ascii_lower(x)
  GROUP BY cargo
)
SELECT
  dot_number::INTEGER AS id,
  carrier_status = 'ACTIVE' AS active,
  phy_state AS state,
  coalesce(list_position(['CARRIER', 'BROKER', 'FREIGHT FORWARDER', 'SHIPPER', 'REGISTRANT',
    'INTERMODAL EQUIPMENT PROVIDER', 'CARGO TANK'], entity_type), 0)::SMALLINT AS entity,
  power_units,
  CASE WHEN authority_status = 'ACTIVE' THEN common_authority_date END AS auth_since,
  coalesce(cargo.cargo_bits, 0) AS cargo_bits,
  legal_name AS name,
  name_norm,
  dba_norm,
  list_sort(list_distinct(list_filter(string_split(trim(name_norm || ' ' || dba_norm), ' '), w -> w <> ''))) AS terms,
  ascii_upper(officer_1) || chr(10) || ascii_upper(officer_2) AS officers,
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
  FROM {{schema}}.snapshot
) s
LEFT JOIN cargo ON cargo.cargo = s.cargo_carried
