-- Before the risk hook updates the scores of the staged carriers (risk_stage): their implicit
-- risk history rows (migration 025; the view has risk_history's columns, in order), written out.
INSERT INTO risk_history
SELECT i.*
FROM risk_stage s
JOIN risk_history_implicit i ON i.dot_number = s.dot_number
