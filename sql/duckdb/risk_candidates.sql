-- The load's risk step's candidates (pipeline/load-plan/risk.ts): the only carriers whose score
-- row, related companies or chameleon links can differ from the previous run's, when the score
-- stage kept the previous run's rows of every carrier it did not score (fresh: a query of the
-- DOTs it scored). The exports compare these instead of every carrier's score row and its JSON.
-- Vars: schema, prev (r<run> schemas), fresh.
CREATE OR REPLACE TEMP TABLE risk_candidates AS
SELECT dot_number FROM ({{fresh}})
UNION
SELECT coalesce(n.dot_number, o.dot_number)
FROM {{schema}}.related n
FULL JOIN {{prev}}.related o ON o.dot_number = n.dot_number
WHERE n.related_companies IS DISTINCT FROM o.related_companies
   OR n.chameleon_links IS DISTINCT FROM o.chameleon_links;
