-- Logs a watchlist.test delivery of account $1 with body $2 before its one attempt. $3 now.
INSERT INTO webhook_deliveries (account_id, event, etl_run_id, payload, status, created_at, updated_at)
VALUES ($1, 'watchlist.test', NULL, $2, 'pending', $3, $3)
RETURNING id
