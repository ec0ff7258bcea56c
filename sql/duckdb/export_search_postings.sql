-- search_tables.sql's postings for COPY into PostgreSQL (PREBUILT_TABLES' columns), in walk
-- order: PostgreSQL writes them as they come, so a walk's heap blocks rise steadily.
SELECT term, active, name, id, lcp, state, entity, cargo_bits, power_units, auth_since
FROM search_postings
ORDER BY term, active, name, id
