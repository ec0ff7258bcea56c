-- History versions no as_of can reach any more: closed on or before the batch of the oldest run
-- left in the feed (the as_of horizon). Nothing when the feed is empty.
WITH horizon AS (
  SELECT min(batch_ts) AS ts FROM etl_runs WHERE status = 'succeeded' AND changes_purged_at IS NULL
), unreachable AS (
  SELECT r.etl_run_id FROM etl_runs r, horizon WHERE r.batch_ts <= horizon.ts
), carriers_pruned AS (
  DELETE FROM carrier_history WHERE valid_to_run IN (SELECT etl_run_id FROM unreachable) RETURNING 1
), policies_pruned AS (
  DELETE FROM insurance_policy_history WHERE valid_to_run IN (SELECT etl_run_id FROM unreachable) RETURNING 1
)
SELECT (SELECT count(*) FROM carriers_pruned)::int AS carriers, (SELECT count(*) FROM policies_pruned)::int AS policies
