-- Whether any run before this batch ($1) wrote risk history: if none did, the run's rows are the
-- implicit first rows (migration 025) (risk_history_runs is small; risk_history has no index on time).
SELECT EXISTS (SELECT 1 FROM risk_history_runs WHERE computed_at < $1 AND rows > 0) AS earlier
