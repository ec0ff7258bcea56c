-- The insurance policies of a carrier that were on file in the run serving UTC day $2 (the newest
-- run of the feed on or before $2) and in force on $2: effective on or before it and not cancelled
-- by then (insurance_policy_versions: history and implicit versions, migration 024). Largest
-- coverage first within a type, as GET .../insurance. $1 DOT (bare digits), $2 date
WITH run AS (
  SELECT (batch_ts AT TIME ZONE 'UTC')::date AS run_date
  FROM etl_runs
  WHERE status = 'succeeded' AND changes_purged_at IS NULL
    AND (batch_ts AT TIME ZONE 'UTC')::date <= $2::date
  ORDER BY batch_ts DESC, etl_run_id DESC
  LIMIT 1
)
SELECT p.policy_type, p.type_description, p.insurer_name, p.policy_number, p.coverage_amount,
       p.effective_date, p.expiration_date, p.form_code, p.source
FROM run
JOIN insurance_policy_versions p
  ON p.dot_number = $1 AND p.valid_from <= run.run_date AND (p.valid_to IS NULL OR p.valid_to > run.run_date)
WHERE (p.effective_date IS NULL OR p.effective_date <= $2::date)
  AND (p.expiration_date IS NULL OR p.expiration_date > $2::date)
ORDER BY p.policy_type, p.coverage_amount DESC, p.policy_number
