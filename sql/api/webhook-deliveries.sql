-- Account $1's $2 most recent deliveries, newest first.
SELECT id, event, etl_run_id, attempt, status, status_code, error, duration_ms, created_at, next_attempt_at
FROM webhook_deliveries
WHERE account_id = $1
ORDER BY created_at DESC, id DESC
LIMIT $2
