-- Rerun of a run's load: reopen the versions that run closed (after history_undo.sql removed the
-- ones it opened, so no DOT has two current versions). $1 run id
WITH carriers_reopened AS (
  UPDATE carrier_history SET valid_to = NULL, valid_to_run = NULL WHERE valid_to_run = $1 RETURNING 1
), policies_reopened AS (
  UPDATE insurance_policy_history SET valid_to = NULL, valid_to_run = NULL WHERE valid_to_run = $1 RETURNING 1
)
SELECT (SELECT count(*) FROM carriers_reopened)::int AS carriers, (SELECT count(*) FROM policies_reopened)::int AS policies
