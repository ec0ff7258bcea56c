-- search_postings rows of search_rows.sql's rows (sql/search/insert_postings.sql's columns), in
-- walk order: PostgreSQL writes them as they come, so a walk's heap blocks rise steadily.
SELECT terms[i] AS term, active, name, id, CASE WHEN i = 1 THEN 0 ELSE search_lcp(terms[i - 1], terms[i]) END AS lcp,
       state, entity, cargo_bits, power_units, auth_since
FROM (SELECT *, unnest(range(1, len(terms) + 1)) AS i FROM search_rows)
ORDER BY term, active, name, id
