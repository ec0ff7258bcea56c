-- The risk columns of carriers outside the load's delta (whose rows the load's own COPY writes
-- with them) whose score (message text included), related companies or chameleon links differ
-- from the previous run's, which the served carriers rows hold.
-- Vars: schema, prev (the previous run's schema), only ('' or a WHERE clause on dot_number: the
-- carriers risk_candidates.sql leaves, the only ones that can differ).
SELECT n.dot_number, n.risk_score, r.related_companies, r.chameleon_links
FROM (SELECT * FROM {{schema}}.scores {{only}}) n
LEFT JOIN {{schema}}.related r ON r.dot_number = n.dot_number
LEFT JOIN (SELECT dot_number, risk_score FROM {{prev}}.scores {{only}}) o ON o.dot_number = n.dot_number
LEFT JOIN {{prev}}.related pr ON pr.dot_number = n.dot_number
WHERE (o.dot_number IS NULL
   OR o.risk_score <> n.risk_score
   OR pr.related_companies IS DISTINCT FROM r.related_companies
   OR pr.chameleon_links IS DISTINCT FROM r.chameleon_links)
  AND n.dot_number NOT IN (SELECT dot_number FROM {{schema}}.load_delta)
