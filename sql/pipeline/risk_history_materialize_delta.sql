-- Incremental load, before it rewrites the carriers of its delta (load_delta): their implicit
-- risk history rows (migration 025; the view has risk_history's columns, in order), written out.
INSERT INTO risk_history
SELECT i.*
FROM load_delta d
JOIN risk_history_implicit i ON i.dot_number = d.dot_number
