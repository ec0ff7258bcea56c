-- A full build's search_postings for COPY into PostgreSQL (DERIVED columns), in walk order:
-- PostgreSQL writes them as they come, so a walk's heap blocks rise steadily (its index-only
-- visibility checks stay on one visibility-map page).
SELECT term, active, name, id, lcp, state, entity, cargo_bits, power_units, auth_since
FROM search_postings
ORDER BY term, active, name, id
