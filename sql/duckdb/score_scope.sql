-- The carriers whose score may differ from the previous run's (prev), when this run's snapshot
-- carried prev's rows over: the others have the same snapshot row (snapshot_moved holds every
-- carrier whose row may differ) and the same chameleon links, so the same inputs and input_hash,
-- and keep their score until its valid_until. In: the moved carriers (new and removed ones
-- among them), those whose chameleon links changed, those whose score lapses today. Vars: schema
-- and prev (r<run> schemas), moved (a query of dot_number), scores (this run's copy of prev's
-- scores), batch_date (DATE literal).
CREATE OR REPLACE TEMP TABLE score_scope AS
SELECT dot_number FROM ({{moved}})
UNION
SELECT coalesce(n.dot_number, o.dot_number)
FROM {{schema}}.related n
FULL JOIN {{prev}}.related o ON o.dot_number = n.dot_number
WHERE n.chameleon_links IS DISTINCT FROM o.chameleon_links
UNION
SELECT dot_number FROM {{scores}} WHERE valid_until <= {{batch_date}};
