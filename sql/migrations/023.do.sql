-- The phone, e-mail and MC filters of search (sql/api/search-filters.sql) by btree columns of
-- carrier_search, no longer by its keys GIN index. Those keys are all but unique (~6M of the
-- index's ~10M entries at 2.1M carriers), the costliest kind of GIN entry to build: the index took
-- 34 s of a full rebuild, with the city and authority-month keys only 2.2 s, and the three btrees
-- ~2.5 s each. A nightly refresh adds ~20k rows to each btree, a random page per row, all of them in
-- memory. Same normalisation as the keys had: phone digits, e-mail lower case (ASCII), bare MC.
DROP INDEX carrier_search_keys_idx;
ALTER TABLE carrier_search ADD COLUMN phone text, ADD COLUMN email text, ADD COLUMN mc text;
UPDATE carrier_search SET
  phone = (SELECT substr(k, 3) FROM unnest(keys) k WHERE k LIKE 'p:%'),
  email = (SELECT substr(k, 3) FROM unnest(keys) k WHERE k LIKE 'e:%'),
  mc = (SELECT substr(k, 3) FROM unnest(keys) k WHERE k LIKE 'm:%'),
  keys = ARRAY(SELECT k FROM unnest(keys) k WHERE k LIKE 'c:%' OR k LIKE 'a:%');
CREATE INDEX carrier_search_keys_idx ON carrier_search USING gin (keys);
CREATE INDEX carrier_search_phone_idx ON carrier_search (phone) WHERE phone IS NOT NULL;
CREATE INDEX carrier_search_email_idx ON carrier_search (email) WHERE email IS NOT NULL;
CREATE INDEX carrier_search_mc_idx ON carrier_search (mc) WHERE mc IS NOT NULL;

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
  -- Exact-match keys of the city and authority-month filters, tagged: 'c:' city (upper case),
  -- 'a:' month of auth_since (YYYY-MM).
  array_remove(ARRAY[
    'c:' || upper(c.phy_city COLLATE "C"),
    CASE WHEN c.authority_status = 'ACTIVE' THEN 'a:' || to_char(c.common_authority_date, 'YYYY-MM') END
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
