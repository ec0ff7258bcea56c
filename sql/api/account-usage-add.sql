-- Adds counted requests to account_daily_usage: $1 account ids, $2 UTC days, $3 requests (parallel arrays).
-- Accounts deleted since the requests were counted are skipped.
INSERT INTO account_daily_usage (account_id, day, requests)
SELECT u.account_id, u.day, u.requests
FROM unnest($1::int[], $2::date[], $3::int[]) AS u (account_id, day, requests)
WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.id = u.account_id)
ON CONFLICT (account_id, day) DO UPDATE SET requests = account_daily_usage.requests + excluded.requests
