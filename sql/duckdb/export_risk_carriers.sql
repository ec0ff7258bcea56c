-- The risk columns of carriers (risk_score, related_companies, chameleon_links) for every carrier
-- of the run, for COPY into the load's risk_stage table (bulk load, or no previous run to compare).
-- Vars: schema.
SELECT n.dot_number, n.risk_score, r.related_companies, r.chameleon_links
FROM {{schema}}.scores n
LEFT JOIN {{schema}}.related r ON r.dot_number = n.dot_number
