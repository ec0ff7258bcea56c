-- Replace the carriers' rows and postings. The old entries are found through the indexes (the
-- caller turns hash and merge joins off: a few thousand lookups, not a scan of millions of rows).
-- New rows go in name order: a full rebuild writes the table clustered by name, which keeps
-- name-ordered walks on few pages.
DELETE FROM search_postings p
USING (SELECT unnest(o.terms) AS term, o.active, o.name, o.id FROM search_old o) x
WHERE p.term = x.term AND p.active = x.active AND p.name = x.name AND p.id = x.id;
DELETE FROM carrier_search s USING search_old o WHERE s.id = o.id;
INSERT INTO carrier_search SELECT * FROM search_new ORDER BY name, id;
INSERT INTO search_postings (term, active, name, id, lcp, state, entity, cargo_bits, power_units, auth_since)
SELECT t.term, n.active, n.name, n.id, search_lcp(n.terms[t.ord - 1], t.term), n.state, n.entity, n.cargo_bits,
       n.power_units, n.auth_since
FROM search_new n CROSS JOIN LATERAL unnest(n.terms) WITH ORDINALITY AS t(term, ord);
