-- Stops account $1 watching DOT $2 (a no-op when it did not).
DELETE FROM watchlist_entries WHERE account_id = $1 AND dot_number = $2
