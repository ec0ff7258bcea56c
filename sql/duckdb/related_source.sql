-- related, step 0: which carriers' identifiers to normalise (related_source): a carrier whose
-- phone, e-mail, physical address and officers are what they were keeps its rows of the previous
-- run's related_idents (related_keep.sql); the new and the changed ones are normalised
-- (related_idents.sql). The normalisation is the same code (the stage compares fingerprints),
-- so the result is the same as normalising every carrier. A table: step 1 reads it twice, and it holds ~1 % of the carriers.
-- Only the columns step 1 reads: carrying all 53 through the join costs time for nothing.
-- When the run's snapshot carried prev's rows over, only the carriers it moved can differ, and
-- only those are compared (only: a WHERE clause on dot_number, else '').
-- Vars: schema (r<run>), prev (the previous run's schema), only.
CREATE OR REPLACE TEMP TABLE related_source AS
SELECT s.dot_number, s.phone, s.email, s.phy_street, s.phy_city, s.phy_state, s.phy_zip, s.officer_1, s.officer_2
FROM (SELECT * FROM {{schema}}.snapshot {{only}}) s
LEFT JOIN (SELECT * FROM {{prev}}.snapshot {{only}}) p ON p.dot_number = s.dot_number
WHERE p.dot_number IS NULL
   OR s.phone IS DISTINCT FROM p.phone
   OR s.email IS DISTINCT FROM p.email
   OR s.phy_street IS DISTINCT FROM p.phy_street
   OR s.phy_city IS DISTINCT FROM p.phy_city
   OR s.phy_state IS DISTINCT FROM p.phy_state
   OR s.phy_zip IS DISTINCT FROM p.phy_zip
   OR s.officer_1 IS DISTINCT FROM p.officer_1
   OR s.officer_2 IS DISTINCT FROM p.officer_2;
