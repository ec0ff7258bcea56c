-- Rerun of a run's load: first drop the versions that run wrote (history then ends at the
-- previous run). history_reopen.sql reopens what it closed. $1 run id
WITH carriers_undone AS (
  DELETE FROM carrier_history WHERE valid_from_run = $1 RETURNING 1
), policies_undone AS (
  DELETE FROM insurance_policy_history WHERE valid_from_run = $1 RETURNING 1
)
SELECT (SELECT count(*) FROM carriers_undone)::int AS carriers, (SELECT count(*) FROM policies_undone)::int AS policies
