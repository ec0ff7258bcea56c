-- Whether account $1 watches DOT $2.
SELECT EXISTS (SELECT 1 FROM watchlist_entries WHERE account_id = $1 AND dot_number = $2) AS watching
