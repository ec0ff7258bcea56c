-- Records the counts of run $1's fan-out.
UPDATE watchlist_notifications SET accounts = $2, deliveries = $3, digests = $4 WHERE etl_run_id = $1
