-- One pending watchlist.upcoming delivery per element {account_id, payload} of the JSON array $1
-- (it belongs to no run: etl_run_id NULL). $2 now.
INSERT INTO webhook_deliveries (account_id, event, etl_run_id, payload, status, created_at, updated_at)
SELECT t.account_id, 'watchlist.upcoming', NULL, t.payload, 'pending', $2, $2
FROM json_to_recordset($1::json) AS t (account_id integer, payload text)
RETURNING id
