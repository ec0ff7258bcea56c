-- The implicit versions (migration 024) of the DOTs in history_implicit, written as explicit
-- versions of the baseline run before the load changes those DOTs: the carrier's here, its
-- policies' in history_materialize_policies.sql, which runs first. The view has carrier_history's columns, in order.
INSERT INTO carrier_history
SELECT i.*
FROM history_implicit t
JOIN carrier_history_implicit i ON i.dot_number = t.dot_number
