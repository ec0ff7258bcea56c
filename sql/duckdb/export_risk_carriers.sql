-- The risk columns of every carrier of the run outside the load's delta (whose rows the load's
-- own COPY writes with them): an incremental load with no previous run in DuckDB to compare with.
-- Vars: schema.
SELECT n.dot_number, n.risk_score, r.related_companies, r.chameleon_links
FROM {{schema}}.scores n
LEFT JOIN {{schema}}.related r ON r.dot_number = n.dot_number
WHERE n.dot_number NOT IN (SELECT dot_number FROM {{schema}}.load_delta)
