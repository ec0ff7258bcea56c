-- A delta's rows and postings: the old ones out, through the indexes (the caller turns hash and
-- merge joins off: a few thousand lookups, not a scan of millions of rows), the new ones in, in
-- the order a full build writes them.
ANALYZE delta_carrier_search;
ANALYZE delta_search_postings;
DELETE FROM search_postings p
USING delta_search_postings d
WHERE d.sign < 0 AND p.term = d.term AND p.active = d.active AND p.name = d.name AND p.id = d.id;
DELETE FROM carrier_search s USING delta_carrier_search d WHERE d.sign < 0 AND s.id = d.id;
INSERT INTO carrier_search
SELECT id, active, state, entity, power_units, auth_since, cargo_bits, name, name_norm, dba_norm, terms, officers, keys,
       phone, email, mc
FROM delta_carrier_search WHERE sign > 0 ORDER BY name, id;
INSERT INTO search_postings
SELECT term, active, name, id, lcp, state, entity, cargo_bits, power_units, auth_since
FROM delta_search_postings WHERE sign > 0 ORDER BY term, active, name, id;
