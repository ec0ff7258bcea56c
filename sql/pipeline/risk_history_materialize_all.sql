-- Bulk load, before it rewrites every carrier: every implicit risk history row (migration 025; the
-- view has risk_history's columns, in order), written out.
INSERT INTO risk_history
SELECT * FROM risk_history_implicit
