-- The postings of the carriers whose posting columns changed ($1, a full rebuild: of every new
-- row, without the 2M-row join), in walk order: a walk's heap blocks then rise steadily, and its
-- index-only visibility checks stay on one visibility-map page instead of hopping between them
-- (page 400 of one word: 6.8k buffer hits -> 114, 3.7 -> 2.9 ms at 2.1M carriers).
INSERT INTO search_postings (term, active, name, id, lcp, state, entity, cargo_bits, power_units, auth_since)
SELECT t.term, n.active, n.name, n.id, search_lcp(n.terms[t.ord - 1], t.term), n.state, n.entity, n.cargo_bits,
       n.power_units, n.auth_since
FROM search_new n
CROSS JOIN LATERAL unnest(n.terms) WITH ORDINALITY AS t(term, ord)
-- An OR is harmless here (unlike labels.sql): search_new is read whole either way.
WHERE $1 OR n.id IN (SELECT id FROM search_posting_ids)
ORDER BY t.term, n.active, n.name, n.id
