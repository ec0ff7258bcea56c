-- related, step 1: every carrier's normalised identifiers (related_macros.sql): those of the
-- carriers in related_source into the run's related_idents table (idents, a run file holding
-- the rows kept from the previous run, or none: step 0, related_source.sql and related_keep.sql),
-- then the identifiers held by two carriers or more. Vars: schema (r<run>), idents (the table).

-- Normalised identifiers: one row per carrier and identifier (one pass over the snapshot; an
-- officer named twice counts once). h, a 64-bit hash of (kind, value), is what the grouping below
-- hashes: 8 bytes a key instead of the text keeps ten million keys in memory; the pairs compare
-- the values themselves, so a hash collision cannot link anybody.
INSERT INTO {{idents}}
WITH norm AS (
  SELECT
    dot_number,
    rel_phone(phone) AS phone,
    rel_email(email) AS email,
    rel_address(phy_street, phy_city, phy_state, phy_zip) AS address,
    rel_person(officer_1) AS officer_1,
    rel_person(officer_2) AS officer_2
  FROM related_source
),
ids AS (
  SELECT dot_number, 'phone' AS kind, phone AS value FROM norm WHERE phone IS NOT NULL
  UNION ALL
  SELECT dot_number, 'email', email FROM norm WHERE email IS NOT NULL
  UNION ALL
  SELECT dot_number, 'address', address FROM norm WHERE address IS NOT NULL
  UNION ALL
  SELECT dot_number, 'officer', officer_1 FROM norm WHERE contains(officer_1, ' ')
  UNION ALL
  SELECT dot_number, 'officer', officer_2 FROM norm WHERE contains(officer_2, ' ') AND officer_2 IS DISTINCT FROM officer_1
)
SELECT dot_number, kind, value, hash(kind, value) AS h FROM ids;

-- Every identifier held by two carriers or more, with its size; the big ones stay here (for the
-- stage's report) but link nobody.
CREATE OR REPLACE TABLE {{schema}}.related_groups AS
SELECT h, count(*) AS members
FROM {{idents}}
GROUP BY h
HAVING count(*) >= 2;
