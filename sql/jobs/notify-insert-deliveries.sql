-- One pending watchlist.changes delivery of run $1 per element {account_id, payload} of the JSON
-- array $2 (JSON, not two arrays: node-pg's array encoding is slow for many escaped bodies);
-- accounts that already have one for the run are skipped. $3 now.
INSERT INTO webhook_deliveries (account_id, event, etl_run_id, payload, status, created_at, updated_at)
SELECT t.account_id, 'watchlist.changes', $1, t.payload, 'pending', $3, $3
FROM json_to_recordset($2::json) AS t (account_id integer, payload text)
ON CONFLICT DO NOTHING
RETURNING id
