-- Claims run $1's fan-out ($2 now); no row back when it was already done.
INSERT INTO watchlist_notifications (etl_run_id, accounts, deliveries, digests, fanned_out_at)
VALUES ($1, 0, 0, 0, $2)
ON CONFLICT (etl_run_id) DO NOTHING
RETURNING etl_run_id
