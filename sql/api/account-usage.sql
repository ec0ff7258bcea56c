-- Usage of an account: authenticated requests on UTC day $2 and watchlist size. $1 account id, $2 date
SELECT coalesce((SELECT requests FROM account_daily_usage WHERE account_id = $1 AND day = $2::date), 0) AS requests_today,
       account_watchlist_size($1) AS watchlist_size
